{#- Aggregate: the texts of a group joined by `separator` in the order of `order_expr`. -#}
{% macro ordered_string_agg(expr, separator, order_expr) -%}
    {{ return(adapter.dispatch('ordered_string_agg', 'lineage_warehouse')(expr, separator, order_expr)) }}
{%- endmacro %}

{% macro default__ordered_string_agg(expr, separator, order_expr) -%}
    {{ lineage_warehouse.not_supported('ordered_string_agg') }}
{%- endmacro %}

{% macro duckdb__ordered_string_agg(expr, separator, order_expr) -%}
    string_agg({{ expr }}, {{ separator }} order by {{ order_expr }})
{%- endmacro %}

{% macro spark__ordered_string_agg(expr, separator, order_expr) -%}
    array_join(
        transform(array_sort(collect_list(struct({{ order_expr }} as k, {{ expr }} as v))), lw_s -> lw_s.v),
        {{ separator }}
    )
{%- endmacro %}
