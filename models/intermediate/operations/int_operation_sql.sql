{#- The normalised SQL of every operation event that carries a `sql` job facet (§6.2), as the reference's
    dedent(query).strip() then control-character escaping:
    - dedent (textwrap.dedent): lines are split on \n only; a line of spaces and tabs only becomes empty; the
      margin is the longest common prefix of the leading spaces/tabs of the other lines (= the common prefix
      of the smallest and the largest of them) and is cut from each of them;
    - strip: Unicode whitespace removed at both ends (Python's str.strip);
    - \x00-\x09, \x0b-\x1f, \x7f replaced by their Python escape text (\t, \r, \xNN); \n kept.
    Each query needs only its event, so rows are appended by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

queries as (
    select
        event_hash,
        landing_batch,
        sql_query_raw
    from {{ ref('int_operation_facts') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and sql_query_raw is not null
),

lines as (
    select
        queries.event_hash,
        query_line.pos as line_position,
        query_line.value as line_text,
        {{ lineage_warehouse.sql_line_has_text('query_line.value') }} as has_text,
        {{ lineage_warehouse.sql_line_indent('query_line.value') }} as indent
    from queries
    {{ lineage_warehouse.explode_array(lineage_warehouse.split_text('queries.sql_query_raw', '\n'), 'query_line') }}
),

indent_bounds as (
    select
        event_hash,
        coalesce(min(case when has_text then indent end), '') as smallest_indent,
        coalesce(max(case when has_text then indent end), '') as largest_indent
    from lines
    group by event_hash
),

indent_differences as (
    select
        indent_bounds.event_hash,
        min(indent_character.pos) as first_difference
    from indent_bounds
    {{ lineage_warehouse.explode_array(
        lineage_warehouse.split_characters('indent_bounds.smallest_indent'), 'indent_character'
    ) }}
    where indent_character.value != substr(indent_bounds.largest_indent, indent_character.pos + 1, 1)
    group by indent_bounds.event_hash
),

margins as (
    select
        indent_bounds.event_hash,
        coalesce(indent_differences.first_difference, length(indent_bounds.smallest_indent)) as margin_length
    from indent_bounds
    left join indent_differences
        on indent_bounds.event_hash = indent_differences.event_hash
),

dedented as (
    select
        lines.event_hash,
        {{ lineage_warehouse.ordered_string_agg(
            'case when lines.has_text then substr(lines.line_text, margins.margin_length + 1) else \'\' end',
            'chr(10)', 'lines.line_position'
        ) }} as query_text
    from lines
    inner join margins
        on lines.event_hash = margins.event_hash
    group by lines.event_hash
),

final as (
    select
        queries.event_hash,
        queries.landing_batch,
        coalesce({{ lineage_warehouse.sql_strip_and_escape('dedented.query_text') }}, '') as sql_query
    from queries
    left join dedented
        on queries.event_hash = dedented.event_hash
)

select * from final
