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

{#- Spark: array<string> keeps each object's text with its key order (the variant type would sort keys) but
    unquotes strings and turns JSON null into NULL; the variant view of the same array tells those apart. -#}
{% macro spark__json_to_raw_array(expr) -%}
    case when {{ lineage_warehouse.json_first_char(expr) }} = '[' then
        zip_with(
            from_json({{ expr }}, 'array<string>'),
            variant_get(try_parse_json({{ expr }}), '$', 'array<variant>'),
            (lw_s, lw_v) -> case
                when lw_s is null then 'null'
                when schema_of_variant(lw_v) = 'STRING' then to_json(lw_v)
                else lw_s
            end
        )
    end
{%- endmacro %}
