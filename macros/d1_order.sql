{#- D1 event order as one sortable text: eventTime (microseconds, shifted to stay positive and zero-padded)
    then the event hash. Sorting by it is sorting by (event_time, event_hash). -#}
{% macro d1_order_key(time_expr, hash_expr) -%}
    (lpad(cast({{ lineage_warehouse.epoch_microseconds(time_expr) }} + 100000000000000000 as string), 20, '0')
        || {{ hash_expr }})
{%- endmacro %}

{#- The D1 order of an input or output entry within all events: the event's d1_order_key, then inputs before
    outputs (and a static event's dataset), then the entry's position, so that the latest value wins within one
    event too. -#}
{% macro d1_entry_order_key(time_expr, hash_expr, io_kind_expr, io_position_expr) -%}
    {{ lineage_warehouse.d1_order_key(time_expr, hash_expr) }}
        || case {{ io_kind_expr }} when 'INPUT' then '1' else '2' end
        || lpad(cast({{ io_position_expr }} as string), 10, '0')
{%- endmacro %}

{#- Aggregate: the value of `expr` from the latest row (by `order_key`) where it is not NULL — the
    deterministic form of "later non-null wins" (D1). -#}
{% macro latest_non_null(expr, order_key) -%}
    max_by({{ expr }}, case when {{ expr }} is not null then {{ order_key }} end)
{%- endmacro %}
