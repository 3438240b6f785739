{#- D1 event order as one sortable text: eventTime (microseconds, shifted to stay positive and zero-padded)
    then the event hash. Sorting by it is sorting by (event_time, event_hash). -#}
{% macro d1_order_key(time_expr, hash_expr) -%}
    (lpad(cast({{ lineage_warehouse.epoch_microseconds(time_expr) }} + 100000000000000000 as string), 20, '0')
        || {{ hash_expr }})
{%- endmacro %}

{#- Aggregate: the value of `expr` from the latest row (by `order_key`) where it is not NULL — the
    deterministic form of "later non-null wins" (D1). -#}
{% macro latest_non_null(expr, order_key) -%}
    max_by({{ expr }}, case when {{ expr }} is not null then {{ order_key }} end)
{%- endmacro %}
