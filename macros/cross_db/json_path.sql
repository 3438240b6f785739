{#- A JSON path from a list of keys (strings) and array indexes (integers).
    DuckDB quotes keys as $."k"; Spark as $['k'] (the only form that allows dots in keys). -#}
{% macro json_path(keys) -%}
    {{ return(adapter.dispatch('json_path', 'lineage_warehouse')(keys)) }}
{%- endmacro %}

{% macro default__json_path(keys) -%}
    {{ lineage_warehouse.not_supported('json_path') }}
{%- endmacro %}

{% macro duckdb__json_path(keys) -%}
    {%- set parts = ['$'] -%}
    {%- for k in keys -%}
        {%- if k is number -%}
            {%- do parts.append('[' ~ k ~ ']') -%}
        {%- else -%}
            {%- do parts.append('."' ~ (k | replace('"', '\\"')) ~ '"') -%}
        {%- endif -%}
    {%- endfor -%}
    {{ return(parts | join('')) }}
{%- endmacro %}

{% macro spark__json_path(keys) -%}
    {%- set parts = ['$'] -%}
    {%- for k in keys -%}
        {%- if k is number -%}
            {%- do parts.append('[' ~ k ~ ']') -%}
        {%- else -%}
            {%- do parts.append("['" ~ k ~ "']") -%}
        {%- endif -%}
    {%- endfor -%}
    {{ return(parts | join('')) }}
{%- endmacro %}
