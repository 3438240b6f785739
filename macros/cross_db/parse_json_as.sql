{#- JSON text `expr` parsed into a declared shape (macros/event_shape.sql): one parse, permissive per field (a
    value not of its declared shape reads as NULL, the rest is kept). NULL when expr is NULL; whether the text
    was JSON at all is json_parsed(result), unless `detect_unparsed` is false (text already known to be a JSON
    object): then the result has the declared fields only, on both engines. -#}
{% macro parse_json_as(expr, shape, detect_unparsed=true) -%}
    {{ return(adapter.dispatch('parse_json_as', 'lineage_warehouse')(expr, shape, detect_unparsed)) }}
{%- endmacro %}

{% macro default__parse_json_as(expr, shape, detect_unparsed=true) -%}
    {{ lineage_warehouse.not_supported('parse_json_as') }}
{%- endmacro %}

{#- DuckDB: the type is passed as a JSON string; try() turns text that is not JSON into NULL (Spark's from_json
    does that itself). -#}
{% macro duckdb__parse_json_as(expr, shape, detect_unparsed=true) -%}
    {%- set type_as_json = '"' ~ lineage_warehouse.json_shape_type(shape) | replace('"', '\\"') ~ '"' -%}
    try(json_transform({{ expr }}, {{ lineage_warehouse.sql_string(type_as_json) }}))
{%- endmacro %}

{#- Spark: from_json reads text that is not JSON as an object of NULLs; an object shape gets one more field, where
    Spark keeps such text (columnNameOfCorruptRecord), so that json_parsed tells it apart. Single-quoted strings are
    not JSON (allowSingleQuotes off), so a text reads as an object on Spark exactly where it does on DuckDB. -#}
{% macro spark__parse_json_as(expr, shape, detect_unparsed=true) -%}
    {%- set type = lineage_warehouse.json_shape_type(shape) -%}
    {%- if detect_unparsed and shape is mapping and shape | list != ['*'] -%}
        from_json({{ expr }}, {{ lineage_warehouse.sql_string(type[:-1] ~ ', _lw_unparsed: string>') }},
            map('columnNameOfCorruptRecord', '_lw_unparsed', 'allowSingleQuotes', 'false'))
    {%- else -%}
        from_json({{ expr }}, {{ lineage_warehouse.sql_string(type) }}, map('allowSingleQuotes', 'false'))
    {%- endif -%}
{%- endmacro %}
