{#- Inputs and outputs (§7). -#}

{#- §7.2 hour bucket: the operation's created_at plus the whole hours elapsed until the event; an event
    before the operation's created_at falls in the first bucket. Column lineage uses the same rule. -#}
{% macro hour_bucket(operation_created_at, event_time) -%}
    {%- set op = lineage_warehouse.epoch_microseconds(operation_created_at) -%}
    {%- set ev = lineage_warehouse.epoch_microseconds(event_time) -%}
    case
        when {{ event_time }} < {{ operation_created_at }} then {{ operation_created_at }}
        else {{ lineage_warehouse.epoch_microseconds_to_timestamp(
            op ~ ' + cast(floor((' ~ ev ~ ' - ' ~ op ~ ') / 3600000000) as bigint) * 3600000000') }}
    end
{%- endmacro %}

{#- The digits of a statistic that is a plain non-negative JSON integer, leading zeros removed; NULL for
    anything else (negative, fraction, exponent, text). Both engines render JSON integers digit for digit. -#}
{% macro statistic_digits(expr) -%}
    {{ lineage_warehouse.regex_extract(expr, '^0*([0-9]+)$', 1) }}
{%- endmacro %}

{#- §7.3 with D3/D4: a statistic as bigint. 0 is kept; negative values, values >= 2^63-1 (9223372036854775807)
    and values that are not plain integers are NULL (compared as digit text, never cast while too large). -#}
{% macro statistic(expr) -%}
    {%- set digits = lineage_warehouse.statistic_digits(expr) -%}
    case
        when length({{ digits }}) < 19 then cast({{ digits }} as bigint)
        when length({{ digits }}) = 19 and {{ digits }} < '9223372036854775807' then cast({{ digits }} as bigint)
    end
{%- endmacro %}
