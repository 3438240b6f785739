{#- The join condition of a staging row that names a landed record (source_file, line_number, element_index and
    landing_batch: stg_event_envelopes, stg_events) with that record in stg_event_records, the one staging model
    that keeps each record's text (docs/decisions/staging-record-text-once.md). element_index is
    NULL for a record that is a whole line or document. -#}
{% macro same_record(left, right) -%}
    {{ left }}.source_file = {{ right }}.source_file
    and {{ left }}.line_number = {{ right }}.line_number
    and coalesce({{ left }}.element_index, -1) = coalesce({{ right }}.element_index, -1)
    and {{ left }}.landing_batch = {{ right }}.landing_batch
{%- endmacro %}

{#- The body of a CTE giving each placed event of `events` (rows of stg_events) its text from `records` (rows of
    stg_event_records), as `payload`, with the events' `columns`. -#}
{% macro placed_event_texts(events, records, columns) -%}
    select
        {% for column in columns -%}
        {{ events }}.{{ column }},
        {% endfor -%}
        {{ records }}.record_text as payload
    from {{ events }}
    inner join {{ records }}
        on {{ lineage_warehouse.same_record(events, records) }}
{%- endmacro %}
