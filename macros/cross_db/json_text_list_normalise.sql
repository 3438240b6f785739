{#- json_text_normalise applied to every element of an engine array of JSON texts (NULL elements stay NULL): the
    lists of entry texts staging keeps, made identical on both engines. -#}
{% macro json_text_list_normalise(array_expr) -%}
    {{ return(adapter.dispatch('json_text_list_normalise', 'lineage_warehouse')(array_expr)) }}
{%- endmacro %}

{% macro default__json_text_list_normalise(array_expr) -%}
    {{ lineage_warehouse.not_supported('json_text_list_normalise') }}
{%- endmacro %}

{#- DuckDB writes the characters themselves: nothing to do. -#}
{% macro duckdb__json_text_list_normalise(array_expr) -%}
    {{ array_expr }}
{%- endmacro %}

{% macro spark__json_text_list_normalise(array_expr) -%}
    transform({{ array_expr }}, lw_text -> {{ lineage_warehouse.json_text_normalise('lw_text') }})
{%- endmacro %}
