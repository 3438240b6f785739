{#- Map every element of the engine array `array_expr` through `body` (an expression of the lambda variable
    `var`) and join the results with the text `separator` (NULL results are skipped). -#}
{% macro transform_join(array_expr, var, body, separator) -%}
    {{ return(adapter.dispatch('transform_join', 'lineage_warehouse')(array_expr, var, body, separator)) }}
{%- endmacro %}

{% macro default__transform_join(array_expr, var, body, separator) -%}
    {{ lineage_warehouse.not_supported('transform_join') }}
{%- endmacro %}

{% macro duckdb__transform_join(array_expr, var, body, separator) -%}
    array_to_string(list_transform({{ array_expr }}, {{ var }} -> {{ body }}), {{ separator }})
{%- endmacro %}

{% macro spark__transform_join(array_expr, var, body, separator) -%}
    array_join(transform({{ array_expr }}, {{ var }} -> {{ body }}), {{ separator }})
{%- endmacro %}
