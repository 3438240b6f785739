{#- Every element of the engine array `array_expr` mapped through `body` (an expression of the lambda variable
    `var`), in order; NULL when the array is NULL. -#}
{% macro transform_list(array_expr, var, body) -%}
    {{ return(adapter.dispatch('transform_list', 'lineage_warehouse')(array_expr, var, body)) }}
{%- endmacro %}

{% macro default__transform_list(array_expr, var, body) -%}
    {{ lineage_warehouse.not_supported('transform_list') }}
{%- endmacro %}

{% macro duckdb__transform_list(array_expr, var, body) -%}
    list_transform({{ array_expr }}, {{ var }} -> {{ body }})
{%- endmacro %}

{% macro spark__transform_list(array_expr, var, body) -%}
    transform({{ array_expr }}, {{ var }} -> {{ body }})
{%- endmacro %}
