{#- JSON array text to an engine array holding each element as compact JSON text (strings keep their
    quotes, so every element can be checked with json_kind). NULL when expr is not a JSON array. -#}
{% macro json_to_raw_array(expr) -%}
    {{ return(adapter.dispatch('json_to_raw_array', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__json_to_raw_array(expr) -%}
    {{ lineage_warehouse.not_supported('json_to_raw_array') }}
{%- endmacro %}

{% macro duckdb__json_to_raw_array(expr) -%}
    case when json_type(try_cast({{ expr }} as json)) = 'ARRAY' then
        list_transform(try_cast(try_cast({{ expr }} as json) as json[]), lw_e -> coalesce(lw_e, cast('null' as json)))
    end
{%- endmacro %}

{#- Spark: through the variant type, whose to_json writes each element as compact JSON like DuckDB does. -#}
{% macro spark__json_to_raw_array(expr) -%}
    case when {{ lineage_warehouse.json_first_char(expr) }} = '[' then
        transform(variant_get(try_parse_json({{ expr }}), '$', 'array<variant>'), lw_e -> to_json(lw_e))
    end
{%- endmacro %}
