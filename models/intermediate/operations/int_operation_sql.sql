{#- The normalised SQL of every operation event that carries a `sql` job facet (§6.2): dedented (the common
    leading whitespace of the non-blank lines removed, whitespace-only lines emptied), trimmed, control
    characters escaped (\n kept). -#}

with

queries as (
    select
        event_hash,
        {{ lineage_warehouse.json_get('payload', ['job', 'facets', 'sql', 'query']) }} as query
    from {{ ref('int_events_classified') }}
    where is_operation_event
),

lines as (
    select
        queries.event_hash,
        query_line.pos as line_position,
        case when right(query_line.value, 1) = chr(13) then substr(query_line.value, 1, length(query_line.value) - 1)
            else query_line.value
        end as line_text
    from queries
    {{ lineage_warehouse.explode_array(lineage_warehouse.split_text('queries.query', '\n'), 'query_line') }}
    where queries.query is not null
),

measured as (
    select
        event_hash,
        line_position,
        line_text,
        {{ lineage_warehouse.regex_matches('line_text', '[^ \t]') }} as has_text,
        length(line_text) - length({{ lineage_warehouse.regex_replace_all('line_text', '^[ \t]+', '') }}) as indent
    from lines
),

common_indent as (
    select
        event_hash,
        coalesce(min(case when has_text then indent end), 0) as indent
    from measured
    group by event_hash
),

dedented as (
    select
        measured.event_hash,
        {{ lineage_warehouse.ordered_string_agg(
            'case when measured.has_text then substr(measured.line_text, common_indent.indent + 1) else \'\' end',
            'chr(10)', 'measured.line_position'
        ) }} as query_text
    from measured
    inner join common_indent
        on measured.event_hash = common_indent.event_hash
    group by measured.event_hash
),

final as (
    select
        event_hash,
        {{ lineage_warehouse.escape_control_characters(
            lineage_warehouse.regex_replace_all('query_text', '^[ \t\n\r]+|[ \t\n\r]+$', '')
        ) }} as sql_query
    from dedented
)

select * from final
