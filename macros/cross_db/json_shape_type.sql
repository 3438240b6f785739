{#- The engine type a declared shape (macros/event_shape.sql) parses into: DuckDB's type name, as json_transform
    reads it; Spark's DDL type, as from_json reads it. Field names are quoted, so any JSON key can be declared. -#}
{% macro json_shape_type(shape) -%}
    {{ return(adapter.dispatch('json_shape_type', 'lineage_warehouse')(shape)) }}
{%- endmacro %}

{% macro default__json_shape_type(shape) -%}
    {{ lineage_warehouse.not_supported('json_shape_type') }}
{%- endmacro %}

{% macro duckdb__json_shape_type(shape) -%}
    {%- if shape == 'text' -%}
        {{ return('VARCHAR') }}
    {%- elif shape == 'text_map' -%}
        {{ return('MAP(VARCHAR, VARCHAR)') }}
    {%- elif shape is mapping and shape | list == ['*'] -%}
        {{ return('MAP(VARCHAR, ' ~ lineage_warehouse.duckdb__json_shape_type(shape['*']) ~ ')') }}
    {%- elif shape is mapping -%}
        {%- set fields = [] -%}
        {%- for key, value in shape.items() -%}
            {%- do fields.append('"' ~ key | replace('"', '""') ~ '" ' ~ lineage_warehouse.duckdb__json_shape_type(value)) -%}
        {%- endfor -%}
        {{ return('STRUCT(' ~ fields | join(', ') ~ ')') }}
    {%- else -%}
        {{ return(lineage_warehouse.duckdb__json_shape_type(shape[0]) ~ '[]') }}
    {%- endif -%}
{%- endmacro %}

{% macro spark__json_shape_type(shape) -%}
    {%- if shape == 'text' -%}
        {{ return('string') }}
    {%- elif shape == 'text_map' -%}
        {{ return('map<string, string>') }}
    {%- elif shape is mapping and shape | list == ['*'] -%}
        {{ return('map<string, ' ~ lineage_warehouse.spark__json_shape_type(shape['*']) ~ '>') }}
    {%- elif shape is mapping -%}
        {%- set fields = [] -%}
        {%- for key, value in shape.items() -%}
            {%- do fields.append('`' ~ key | replace('`', '``') ~ '`: ' ~ lineage_warehouse.spark__json_shape_type(value)) -%}
        {%- endfor -%}
        {{ return('struct<' ~ fields | join(', ') ~ '>') }}
    {%- else -%}
        {{ return('array<' ~ lineage_warehouse.spark__json_shape_type(shape[0]) ~ '>') }}
    {%- endif -%}
{%- endmacro %}
