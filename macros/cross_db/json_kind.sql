{#- What a text holds: 'object', 'array', 'scalar' (string, number, boolean, null) or 'invalid' (not one
    complete JSON value; trailing garbage makes it invalid on both engines). -#}
{% macro json_kind(expr) -%}
    {{ return(adapter.dispatch('json_kind', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__json_kind(expr) -%}
    {{ lineage_warehouse.not_supported('json_kind') }}
{%- endmacro %}

{#- DuckDB: one parse; try() turns the parse error of a text that is not one complete JSON value into NULL. -#}
{% macro duckdb__json_kind(expr) -%}
    case coalesce(try(json_type({{ expr }})), 'lw_invalid')
        when 'lw_invalid' then 'invalid'
        when 'OBJECT' then 'object'
        when 'ARRAY' then 'array'
        else 'scalar'
    end
{%- endmacro %}

{#- Spark's JSON parsers stop after the first value, so validity is checked by wrapping the text in an
    array: '[' || text || ']' must be an array of exactly one element. A text that closes the wrapping array
    itself ('1]', '{"a": 1}] x') passes that check alone; '[' || text || ',0]' must then be an array of two: both
    wrappings share the prefix '[' || text, so a text that closes the array early gives both the same length and
    fails one of the two. That parser accepts single quotes, the variant parser does not: both must accept the
    text. -#}
{% macro spark__json_kind(expr) -%}
    case
        when
            {{ expr }} is null
            or coalesce(json_array_length('[' || {{ expr }} || ']'), -1) != 1
            or coalesce(json_array_length('[' || {{ expr }} || ',0]'), -1) != 2
            or try_parse_json({{ expr }}) is null
            then 'invalid'
        when {{ lineage_warehouse.json_first_char(expr) }} = '{' then 'object'
        when {{ lineage_warehouse.json_first_char(expr) }} = '[' then 'array'
        else 'scalar'
    end
{%- endmacro %}
