{#- Landing bookkeeping (docs/decisions/README.md#landing). Before raw_event_lines reads anything,
    prepare_landing lists the files of the glob into `landing_files` (one row per file, this run only), picks the
    files to read (every file on a fresh or fully refreshed table, else those whose state is not recorded in
    `landed_file_states`) and inspects them into `landing_file_checks`; a file that cannot be read is left out;
    the landed lines that a file read again no longer holds are removed (macros/superseded_lines.sql).
    After the landing, post-hooks record the state of the files this run listed and read (never a file that
    appeared later) and append the unreadable ones to `unreadable_event_files`. -#}

{#- A bookkeeping relation beside raw_event_lines; at parse time, when the graph is not known, a placeholder. -#}
{% macro landing_relation(identifier) -%}
    {%- if not execute -%}
        {{ return(api.Relation.create(identifier=identifier)) }}
    {%- endif -%}
    {{ return(lineage_warehouse.relation_beside_landing(identifier)) }}
{%- endmacro %}

{% macro landed_file_states() -%}
    {{ return(lineage_warehouse.landing_relation('landed_file_states')) }}
{%- endmacro %}

{% macro landing_files() -%}
    {{ return(lineage_warehouse.landing_relation('landing_files')) }}
{%- endmacro %}

{% macro landing_file_checks() -%}
    {{ return(lineage_warehouse.landing_relation('landing_file_checks')) }}
{%- endmacro %}

{#- Every file landing could not read (or read only in part), with its reason: see event_file_problems. Models
    read it too (marts.landing_audit). -#}
{% macro unreadable_event_files() -%}
    {{ return(lineage_warehouse.landing_relation('unreadable_event_files')) }}
{%- endmacro %}

{% macro create_unreadable_event_files() -%}
    {%- set unreadable = lineage_warehouse.unreadable_event_files() -%}
    {%- do run_query('create table if not exists ' ~ unreadable ~ ' (source_file string, source_path string,'
        ~ ' file_size bigint, modified_epoch_s bigint, reason string, reason_description string,'
        ~ ' readable_lines bigint, landing_batch bigint)') -%}
    {{ return(unreadable) }}
{%- endmacro %}

{#- Run `sql` into the table `relation`, replacing it. -#}
{% macro replace_table(relation, sql) -%}
    {%- do run_query('drop table if exists ' ~ relation) -%}
    {%- do run_query('create table ' ~ relation ~ ' as ' ~ sql) -%}
{%- endmacro %}

{#- List, choose and inspect the files of `glob`; return the files raw_event_lines reads, as read_event_lines'
    list ({'path', 'key', 'name', 'gzip', 'bytes', 'truncated', 'line_stream_lines', 'gzip_line_stream'}).
    Compile-time; none at parse time. -#}
{% macro prepare_landing(glob) -%}
    {%- if not execute -%}
        {{ return([]) }}
    {%- endif -%}
    {%- set states = lineage_warehouse.landed_file_states() -%}
    {%- do adapter.create_schema(api.Relation.create(database=states.database, schema=states.schema)) -%}
    {%- set skip_recorded = lineage_warehouse.is_appending()
        and adapter.get_relation(states.database, states.schema, states.identifier) is not none -%}
    {%- set listing -%}
        select
            listed.source_path,
            listed.file_key,
            listed.source_file,
            listed.file_size,
            listed.modified_epoch_s,
            listed.source_path like '%.gz' as is_gzip,
            {%- if skip_recorded %}
            not {{ lineage_warehouse.is_recorded_file_state('listed', states) }} as to_read
            {%- else %}
            true as to_read
            {%- endif %}
        from ({{ lineage_warehouse.list_event_files(glob) }}) as listed
    {%- endset -%}
    {%- do lineage_warehouse.replace_table(lineage_warehouse.landing_files(), listing) -%}
    {%- set rows = run_query('select source_path, file_key, source_file, is_gzip, to_read, file_size from '
        ~ lineage_warehouse.landing_files() ~ ' order by source_path').rows -%}
    {%- if rows | length == 0 -%}
        {{ exceptions.raise_compiler_error("events_path '" ~ glob ~ "' matches no file") }}
    {%- endif -%}
    {%- set files = [] -%}
    {%- for row in rows if row[4] -%}
        {%- do files.append({'path': row[0], 'key': row[1], 'name': row[2], 'gzip': row[3], 'bytes': row[5],
                             'truncated': false, 'line_stream_lines': none, 'gzip_line_stream': false}) -%}
    {%- endfor -%}
    {%- if files -%}
        {%- set checks = lineage_warehouse.inspect_event_files(files, glob) -%}
    {%- else -%}
        {%- set checks -%}
            select
                cast(null as string) as source_path,
                cast(null as string) as problem,
                cast(null as string) as problem_description,
                cast(null as bigint) as readable_lines,
                cast(null as bigint) as line_stream_lines,
                false as is_gzip_line_stream
            where 1 = 0
        {%- endset -%}
    {%- endif -%}
    {%- do lineage_warehouse.replace_table(lineage_warehouse.landing_file_checks(), checks) -%}
    {%- set problems = {} -%}
    {%- set line_streams = {} -%}
    {%- set gzip_line_streams = [] -%}
    {%- for row in run_query('select source_path, problem, line_stream_lines, is_gzip_line_stream from '
        ~ lineage_warehouse.landing_file_checks()
        ~ ' where problem is not null or line_stream_lines is not null or is_gzip_line_stream').rows -%}
        {%- do problems.update({row[0]: row[1]}) -%}
        {%- do line_streams.update({row[0]: row[2]}) -%}
        {%- if row[3] -%}
            {%- do gzip_line_streams.append(row[0]) -%}
        {%- endif -%}
    {%- endfor -%}
    {%- set readable = [] -%}
    {%- for file in files if problems.get(file.path) in (none, 'gzip_truncated') -%}
        {%- do file.update({'truncated': problems.get(file.path) == 'gzip_truncated',
                            'line_stream_lines': line_streams.get(file.path),
                            'gzip_line_stream': file.path in gzip_line_streams}) -%}
        {%- do readable.append(file) -%}
    {%- endfor -%}
    {%- if lineage_warehouse.is_appending() -%}
        {%- do lineage_warehouse.remove_superseded_lines(readable, glob) -%}
    {%- endif -%}
    {{ return(readable) }}
{%- endmacro %}

{#- A condition on a row `listed` of list_event_files: its file's state is recorded in `states`. -#}
{% macro is_recorded_file_state(listed, states) -%}
    exists (
        select 1
        from {{ states }} as recorded
        where
            recorded.source_path = {{ listed }}.source_path
            and recorded.file_size = {{ listed }}.file_size
            and recorded.modified_epoch_s = {{ listed }}.modified_epoch_s
    )
{%- endmacro %}

{#- A gzip file's first bytes (as hex) and size allow a gzip stream: the magic bytes, deflate, and room for a
    header and a trailer. -#}
{% macro gzip_header_is_sane(size_expr, head_hex_expr) -%}
    ({{ size_expr }} >= 18 and {{ head_hex_expr }} = '1F8B08')
{%- endmacro %}

{#- Whether a gzip stream was read to its end: its trailer's uncompressed size (the last 4 bytes, little-endian,
    modulo 2^32) matches the bytes of the lines read. The readers drop line feeds (and may drop carriage returns
    and a byte-order mark), so a margin of one byte per line plus four is allowed; a stream cut short ends in
    compressed bytes, which match by chance with a probability of about lines / 2^32. -#}
{% macro gzip_stream_is_whole(tail_hex, line_count, text_bytes) -%}
    {%- set size_hex = 'substr(' ~ tail_hex ~ ', 7, 2) || substr(' ~ tail_hex ~ ', 5, 2) || substr(' ~ tail_hex
        ~ ', 3, 2) || substr(' ~ tail_hex ~ ', 1, 2)' -%}
    ((({{ lineage_warehouse.hex_to_bigint(size_hex) }} - ({{ text_bytes }} + {{ line_count }} - 1)) % 4294967296
        + 4294967296) % 4294967296 <= {{ line_count }} + 4)
{%- endmacro %}

{#- Problems of inspected files, from `blobs` (source_path, file_key, is_gzip, file_bytes, head_hex, tail_hex,
    is_utf8 of a plain file, line_stream_lines: the complete lines of a plain file DuckDB reads line by line, else
    NULL) and `gzip_stats` (file_key, line_count, text_bytes, is_utf8 of a gzip file's lines, is_whole when the
    reader knows whether the stream is whole (NULL: its trailer tells), and has_long_line when it knows whether a
    line is longer than DuckDB's line reader takes):
    - not_gzip: named .gz, but empty or without a gzip header; nothing lands;
    - not_utf8: not UTF-8 text (UTF-16, or invalid or overlong bytes); nothing lands;
    - gzip_truncated: the gzip stream ends early or breaks; the complete lines before the break land
      (readable_lines: how many; 0 for any other problem).
    `partial_line_kept`: the engine's gzip reader returns the piece of line where a stream breaks (not landed).
    is_gzip_line_stream: a readable gzip file known to hold no line over 16 MiB, which DuckDB reads in 16 MiB buffers
    (any other gzip file in buffers as large as the longest line allowed). -#}
{% macro event_file_problems(blobs, gzip_stats, partial_line_kept) -%}
    select
        source_path,
        problem,
        case problem
            when 'not_gzip' then
                case when file_bytes = 0 then 'is empty (0 bytes) but named .gz, so it holds no gzip stream'
                    else 'is named .gz but does not start with a gzip header' end
            when 'not_utf8' then
                case when head_hex like 'FFFE%' or head_hex like 'FEFF%'
                        then 'is UTF-16 text (it starts with a UTF-16 byte-order mark), not UTF-8'
                    else 'holds bytes that are not UTF-8 (invalid or overlong sequences), so none of it lands' end
            when 'gzip_truncated' then
                'has a gzip stream that ends early or breaks: its ' || cast(readable_lines as string)
                || ' complete lines before the break landed, the rest is lost'
        end as problem_description,
        case when problem = 'gzip_truncated' then readable_lines else 0 end as readable_lines,
        case when problem is null then line_stream_lines end as line_stream_lines,
        coalesce(problem is null and is_gzip and not has_long_line, false) as is_gzip_line_stream
    from (
        select
            {{ blobs }}.source_path,
            {{ blobs }}.file_bytes,
            {{ blobs }}.head_hex,
            {{ blobs }}.line_stream_lines,
            {{ blobs }}.is_gzip,
            {{ gzip_stats }}.has_long_line,
            case
                when {{ blobs }}.is_gzip
                    and not {{ lineage_warehouse.gzip_header_is_sane(blobs ~ '.file_bytes', blobs ~ '.head_hex') }}
                    then 'not_gzip'
                when not coalesce({{ blobs }}.is_utf8, {{ gzip_stats }}.is_utf8, true) then 'not_utf8'
                when {{ blobs }}.is_gzip and not coalesce({{ gzip_stats }}.is_whole,
                    {{ lineage_warehouse.gzip_stream_is_whole(
                        blobs ~ '.tail_hex', 'coalesce(' ~ gzip_stats ~ '.line_count, 0)',
                        'coalesce(' ~ gzip_stats ~ '.text_bytes, 0)') }})
                    then 'gzip_truncated'
            end as problem,
            greatest(coalesce({{ gzip_stats }}.line_count, 0){{ ' - 1' if partial_line_kept else '' }}, 0)
                as readable_lines
        from {{ blobs }}
        left join {{ gzip_stats }}
            on {{ blobs }}.file_key = {{ gzip_stats }}.file_key
    ) as judged
{%- endmacro %}

{#- Seconds since the Unix epoch at which this dbt invocation started (run_started_at is UTC). -#}
{% macro run_started_epoch_s() -%}
    {%- set started = run_started_at.replace(tzinfo=none) -%}
    {{ return(((started - modules.datetime.datetime(1970, 1, 1)).total_seconds()) | int) }}
{%- endmacro %}

{#- post-hook of raw_event_lines: record the state, as listed before reading, of every file this run read that
    was last modified before the second this invocation started. Such a file did not change while it was read,
    so it has been landed whole (or found unreadable); a file modified later (even while landing ran) is read
    again next time, and a file that appeared after the listing was not read and is not recorded. -#}
{% macro record_landed_file_states() -%}
    {%- if not execute -%}
        {{ return('') }}
    {%- endif -%}
    {%- set states = lineage_warehouse.landed_file_states() -%}
    {%- do run_query('create table if not exists ' ~ states
        ~ ' (source_path string, file_size bigint, modified_epoch_s bigint, landing_batch bigint)') -%}
    insert into {{ states }}
    select
        listed.source_path,
        listed.file_size,
        listed.modified_epoch_s,
        (select coalesce(max(landing_batch), 0) from {{ this }}) as landing_batch
    from {{ lineage_warehouse.landing_files() }} as listed
    where
        listed.to_read
        and listed.modified_epoch_s < {{ lineage_warehouse.run_started_epoch_s() }}
        and not {{ lineage_warehouse.is_recorded_file_state('listed', states) }}
{%- endmacro %}

{#- post-hook of raw_event_lines: append this run's unreadable files (emptied first on a fresh or fully
    refreshed table, which reads every file again). -#}
{% macro record_unreadable_event_files() -%}
    {%- if not execute -%}
        {{ return('') }}
    {%- endif -%}
    {%- set unreadable = lineage_warehouse.create_unreadable_event_files() -%}
    {%- if not lineage_warehouse.is_appending() -%}
        {%- do run_query('truncate table ' ~ unreadable) -%}
    {%- endif -%}
    insert into {{ unreadable }}
    select
        listed.source_file,
        listed.source_path,
        listed.file_size,
        listed.modified_epoch_s,
        checks.problem as reason,
        listed.source_file || ' ' || checks.problem_description as reason_description,
        checks.readable_lines,
        (select coalesce(max(landing_batch), 0) from {{ this }}) as landing_batch
    from {{ lineage_warehouse.landing_file_checks() }} as checks
    inner join {{ lineage_warehouse.landing_files() }} as listed
        on checks.source_path = listed.source_path
    where checks.problem is not null
{%- endmacro %}

{#- A condition: the file name `name_expr` is the name of one of `files` (read_event_lines' list). -#}
{% macro is_one_of_files(name_expr, files) -%}
    {{ name_expr }} in ({{ lineage_warehouse.sql_strings(files | map(attribute='name')) }})
{%- endmacro %}

{#- The values as SQL string literals, comma-separated. -#}
{% macro sql_strings(values) -%}
    {%- set quoted = [] -%}
    {%- for value in values -%}{%- do quoted.append(lineage_warehouse.sql_string(value)) -%}{%- endfor -%}
    {{ return(quoted | join(', ')) }}
{%- endmacro %}

{#- The lines of `scanned_sql` (a read_event_lines SELECT) that land, as file_key, line_number (bigint) and
    line_text: complete lines, without the carriage return before their line feed (CRLF files), not blank. -#}
{% macro landable_lines(scanned_sql) -%}
    select
        file_key,
        line_number,
        line_text
    from (
        select
            file_key,
            cast(line_number as bigint) as line_number,
            case
                when right(line_text, 1) = chr(13) then substr(line_text, 1, length(line_text) - 1)
                else line_text
            end as line_text
        from ({{ scanned_sql }}) as scanned
        where line_is_complete
    ) as complete_lines
    where {{ lineage_warehouse.regex_matches('line_text', '[^ \t\n\r]') }}
{%- endmacro %}
