{#- A SELECT over the lines of `files` (a list of {'path': source_path, 'key': file_key, 'gzip': whether it is
    gzip-compressed, 'truncated': whether its gzip stream breaks, 'line_stream_lines': the complete lines of a file
    DuckDB reads line by line, else none}, from list_event_files and inspect_event_files),
    with columns file_key, line_number (1-based), line_text (the line without its line feed, otherwise verbatim)
    and line_is_complete. A line is complete unless it is the unterminated last line of a file that may still
    grow (a plain file whose whole text is not one JSON document) or the last line read from a truncated gzip
    stream (docs/decisions/landing-lines-still-being-written.md). -#}
{% macro read_event_lines(files, glob) -%}
    {{ return(adapter.dispatch('read_event_lines', 'lineage_warehouse')(files, glob)) }}
{%- endmacro %}

{% macro default__read_event_lines(files, glob) -%}
    {{ lineage_warehouse.not_supported('read_event_lines') }}
{%- endmacro %}

{#- No line: the columns of read_event_lines, typed. -#}
{% macro no_event_lines() -%}
    select
        cast(null as string) as file_key,
        cast(null as bigint) as line_number,
        cast(null as string) as line_text,
        cast(null as boolean) as line_is_complete
    where 1 = 0
{%- endmacro %}

{#- Whether a file's last piece (after its last line feed) is a line that may be landed: the text ends with a
    line feed (the piece is empty) or the whole text is one JSON document, which is written whole. -#}
{% macro last_piece_is_final(text_expr) -%}
    case
        when {{ text_expr }} = '' or right({{ text_expr }}, 1) = chr(10) then true
        else {{ lineage_warehouse.json_kind(text_expr) }} != 'invalid'
    end
{%- endmacro %}

{#- Lines of gzip files (`lines_sql`: file_key, line_number, line_text). When `partial_line_kept`, the reader
    returns the piece of line at which a truncated stream breaks, and the last line of a truncated file is flagged
    incomplete; a reader that drops it (Spark) returns only complete lines. -#}
{% macro gzip_lines_with_completeness(lines_sql, files, partial_line_kept) -%}
    {%- set truncated = (files | selectattr('truncated') | map(attribute='key') | list) if partial_line_kept else [] -%}
    select
        file_key,
        line_number,
        coalesce(line_text, '') as line_text,
        {%- if truncated %}
        not (
            file_key in ({{ lineage_warehouse.sql_strings(truncated) }})
            and line_number = max(line_number) over (partition by file_key)
        ) as line_is_complete
        {%- else %}
        true as line_is_complete
        {%- endif %}
    from ({{ lines_sql }}) as gzip_lines
{%- endmacro %}

{#- A plain file's pieces (split on line feeds) as lines: `pieces` has file_key, piece_number, piece_count,
    line_text, is_final. The empty piece after a final line feed is blank and never landed. -#}
{% macro plain_lines_with_completeness(pieces_sql) -%}
    select
        file_key,
        cast(piece_number as bigint) as line_number,
        line_text,
        piece_number < piece_count or is_final as line_is_complete
    from ({{ pieces_sql }}) as pieces
{%- endmacro %}

{#- The lines of plain files (`pieces_sql`, see plain_lines_with_completeness), of gzip files (`gzip_lines_sql`,
    see gzip_lines_with_completeness), either none, and `line_streams` (SELECTs of read_event_lines' columns), as one
    SELECT. -#}
{% macro event_line_parts(files, pieces_sql, gzip_lines_sql, partial_line_kept, line_streams=[]) -%}
    {%- set parts = line_streams | list -%}
    {%- if pieces_sql is not none -%}
        {%- do parts.append(lineage_warehouse.plain_lines_with_completeness(pieces_sql)) -%}
    {%- endif -%}
    {%- if gzip_lines_sql is not none -%}
        {%- do parts.append(lineage_warehouse.gzip_lines_with_completeness(
            gzip_lines_sql, files | selectattr('gzip') | list, partial_line_kept)) -%}
    {%- endif -%}
    {{ return(parts | join('\nunion all\n')) }}
{%- endmacro %}

{#- DuckDB: the paths as read_blob/read_csv list entries, which DuckDB globs: '[', '*' and '?' are bracketed to
    stand for themselves. DuckDB does not glob a path holding a backslash, so such a path is left as it is. -#}
{% macro duckdb_literal_paths(paths) -%}
    {%- set literal = [] -%}
    {%- for path in paths -%}
        {%- if '\\' in path -%}
            {%- do literal.append(path) -%}
        {%- else -%}
            {%- do literal.append(path | replace('[', '[[]') | replace('*', '[*]') | replace('?', '[?]')) -%}
        {%- endif -%}
    {%- endfor -%}
    {{ return(lineage_warehouse.sql_strings(literal)) }}
{%- endmacro %}

{#- DuckDB: the lines of gzip files, decompressed by the CSV reader with quoting off and a delimiter no event
    contains; a single-threaded scan keeps lines in file order, which row_number() then numbers. That reader also
    ends a line at a lone carriage return and drops a byte-order mark (docs/decisions/). It reads in 1 GiB buffers
    (lines up to 512 MiB), and the numbering sorts every line: the text must fit in memory. -#}
{% macro duckdb_gzip_lines(paths) -%}
    select
        file_key,
        row_number() over (partition by file_key order by scan_order) as line_number,
        line_text
    from (
        select
            filename as file_key,
            line_text,
            row_number() over () as scan_order
        from read_csv(
            [{{ lineage_warehouse.duckdb_literal_paths(paths) }}],
            {{ lineage_warehouse.duckdb_line_reader_options() }},
            max_line_size = 536870912,
            buffer_size = 1073741824,
            compression = 'gzip',
            filename = true
        )
    ) as scanned
{%- endmacro %}

{#- DuckDB: the lines of one gzip file that lw_gzip_facts found to hold no line over 16 MiB, read like a plain line
    stream (duckdb_line_stream_scan), so its text need not fit in memory
    (docs/decisions/landing-files-larger-than-memory.md). -#}
{% macro duckdb_gzip_line_stream(path) -%}
    select
        filename as file_key,
        line_number,
        line_text
    from ({{ lineage_warehouse.duckdb_line_stream_scan(path, gzip=true) }}) as scanned
{%- endmacro %}

{#- DuckDB: a plain file found to be a line stream (duckdb_streamed_lines) is read line by line; other plain files
    are read as bytes (read_blob), decoded (a file that is not UTF-8 is left out: it was recorded as unreadable)
    and split on line feeds only, so every other byte stays in its line. Gzip files go
    through the CSV reader, except, with the project's dbt-duckdb plugin, a stream that breaks: its text up to the
    last line feed before the break (lw_gzip_readable_text) is split like a plain file's, so neither reader then
    returns the piece of line at a break. -#}
{% macro duckdb__read_event_lines(files, glob) -%}
    {%- set streamed = files | rejectattr('gzip') | rejectattr('line_stream_lines', 'none') | list -%}
    {%- set plain = files | rejectattr('gzip') | selectattr('line_stream_lines', 'none') | map(attribute='path')
        | list -%}
    {%- set gzip = files | selectattr('gzip') | map(attribute='path') | list -%}
    {%- set python_gzip = gzip and lineage_warehouse.duckdb_gzip_plugin_loaded() -%}
    {%- set broken = (files | selectattr('gzip') | selectattr('truncated') | map(attribute='path') | list)
        if python_gzip else [] -%}
    {%- set csv_gzip = gzip | reject('in', broken) | list -%}
    {#- a gzip file known to hold no line over 16 MiB is read in 16 MiB buffers, every other in 1 GiB buffers -#}
    {%- set gzip_line_streams = files | selectattr('gzip') | selectattr('gzip_line_stream') | map(attribute='path')
        | reject('in', broken) | list -%}
    {%- set gzip_read_whole = csv_gzip | reject('in', gzip_line_streams) | list -%}
    {%- set gzip_reads = [] -%}
    {%- for path in gzip_line_streams -%}
        {%- do gzip_reads.append(lineage_warehouse.duckdb_gzip_line_stream(path)) -%}
    {%- endfor -%}
    {%- if gzip_read_whole -%}
        {%- do gzip_reads.append(lineage_warehouse.duckdb_gzip_lines(gzip_read_whole)) -%}
    {%- endif -%}
    {%- if not plain and not gzip and not streamed -%}
        {{ return(lineage_warehouse.no_event_lines()) }}
    {%- endif -%}
    {%- set pieces = none -%}
    {%- if plain or broken -%}
        {%- set pieces -%}
            select
                file_key,
                unnest(pieces) as line_text,
                generate_subscripts(pieces, 1) as piece_number,
                len(pieces) as piece_count,
                is_final
            from (
                select
                    file_key,
                    string_split(file_text, chr(10)) as pieces,
                    {{ lineage_warehouse.last_piece_is_final('file_text') }} as is_final
                from (
                    {%- if plain %}
                    select
                        filename as file_key,
                        try(decode(content)) as file_text
                    from read_blob([{{ lineage_warehouse.duckdb_literal_paths(plain) }}])
                    {%- endif %}
                    {%- if plain and broken %}
                    union all
                    {%- endif %}
                    {%- if broken %}
                    select
                        file_key,
                        lw_gzip_readable_text(file_key) as file_text
                    from unnest([{{ lineage_warehouse.sql_strings(broken) }}]) as broken_gzip (file_key)
                    {%- endif %}
                ) as texts
                where file_text is not null
            ) as split_texts
        {%- endset -%}
    {%- endif -%}
    {%- set line_streams = [] -%}
    {%- for file in streamed -%}
        {%- do line_streams.append(lineage_warehouse.duckdb_streamed_lines(file.path, file.line_stream_lines)) -%}
    {%- endfor -%}
    {{ return(lineage_warehouse.event_line_parts(files, pieces,
        gzip_reads | join('\nunion all\n') if gzip_reads else none, partial_line_kept=not python_gzip,
        line_streams=line_streams)) }}
{%- endmacro %}

{#- DuckDB: the lines of one plain file that lw_plain_file_facts found to be a line stream (UTF-8, no carriage
    return, no byte-order mark, no line over 16 MiB, not possibly one JSON document), read by the CSV reader in
    16 MiB buffers and numbered as they are scanned, on one thread, in file order: the lines the whole-file split
    gives, without the file in memory (docs/decisions/landing-files-larger-than-memory.md).
    `complete_lines`: its line feeds when judged; a line after them (the last, unterminated, or one written since)
    is still being written. The reader returns an empty line as NULL. -#}
{% macro duckdb_streamed_lines(path, complete_lines) -%}
    select
        filename as file_key,
        line_number,
        coalesce(line_text, '') as line_text,
        line_number <= {{ complete_lines | int }} as line_is_complete
    from ({{ lineage_warehouse.duckdb_line_stream_scan(path) }}) as scanned
{%- endmacro %}

{#- DuckDB: one file scanned by the line reader in 16 MiB buffers (no line may be longer), its lines numbered as
    scanned (filename, line_number, line_text; an empty line is NULL), decompressed first when `gzip`. -#}
{% macro duckdb_line_stream_scan(path, gzip=false) -%}
    select
        filename,
        row_number() over () as line_number,
        line_text
    from read_csv(
        [{{ lineage_warehouse.duckdb_literal_paths([path]) }}],
        {{ lineage_warehouse.duckdb_line_reader_options() }},
        max_line_size = 16777216,
        buffer_size = 16777216,
        {%- if gzip %}
        compression = 'gzip',
        {%- endif %}
        filename = true
    )
{%- endmacro %}

{#- DuckDB: the CSV reader's options that make it a line reader (one VARCHAR column, quoting off, a delimiter no
    event holds, one thread so lines come in file order). -#}
{% macro duckdb_line_reader_options() -%}
    columns = {'line_text': 'VARCHAR'},
    delim = chr(30) || chr(31) || chr(29) || chr(28),
    quote = '',
    escape = '',
    header = false,
    auto_detect = false,
    strict_mode = false,
    null_padding = true,
    parallel = false
{%- endmacro %}

{#- Spark: a path as the binaryFile source names it (or input_file_name(), once decoded), without the scheme's
    slashes, so both compare equal. -#}
{% macro spark_uri_key(path_expr) -%}
    regexp_replace({{ path_expr }}, '^file:/+', '/')
{%- endmacro %}

{#- Spark: the keys of paths from list_event_files, as SQL string literals. -#}
{% macro spark_uri_keys(paths) -%}
    {%- set keys = [] -%}
    {%- for path in paths -%}
        {%- do keys.append(modules.re.sub('^file:/+', '/', path)) -%}
    {%- endfor -%}
    {{ return(lineage_warehouse.sql_strings(keys)) }}
{%- endmacro %}

{#- Spark: the text source, line by line on line feeds only (a carriage return stays in its line), as the
    temporary view `view`, over the files of the glob (`gzip_only`: only its .gz files). A gzip stream that breaks
    ends its file's lines there (ignoreCorruptFiles keeps the lines read before; over the whole glob it also skips
    files named .gz that are not gzip, which are recorded as unreadable instead). A plain file is split across
    tasks (spark.sql.files.maxPartitionBytes), so no file is ever one row. -#}
{% macro spark_create_lines_view(view, glob, gzip_only) -%}
    {%- do run_query("create or replace temporary view " ~ view ~ " using text options ("
        ~ lineage_warehouse.spark_event_file_options(glob, gzip_only) ~ ", lineSep '\\n', ignoreCorruptFiles 'true')") -%}
{%- endmacro %}

{#- Spark: every line of the files of `paths` in `view`, as read: file_key, split_start (the byte offset of the
    split of the file it was read in), scan_id (monotonically_increasing_id(): consecutive within a split, since a
    task reads a split's lines in order, but not ordered across splits) and line_text. Nothing is filtered before
    scan_id is taken but whole files. -#}
{% macro spark_scanned_lines(view, paths) -%}
    select
        file_key,
        split_start,
        scan_id,
        line_text
    from (
        select
            {{ lineage_warehouse.spark_uri_key(lineage_warehouse.spark_decoded_uri('input_file_name()')) }} as file_key,
            input_file_block_start() as split_start,
            monotonically_increasing_id() as scan_id,
            value as line_text
        from {{ view }}
    ) as scanned
    where file_key in ({{ lineage_warehouse.spark_uri_keys(paths) }})
{%- endmacro %}

{#- Spark: the lines of the files of `paths` in `view`, numbered exactly per file without sorting them: a line's
    number is the count of lines in the earlier splits of its file, plus its place in its own split (its scan_id
    less the split's first). The splits (one row per file split, broadcast) also carry their file's line count and
    text bytes as read. Columns: file_key, line_number, line_text, read_lines, read_bytes. -#}
{% macro spark_numbered_lines(view, paths) -%}
    select /*+ broadcast(splits) */
        scanned.file_key,
        splits.lines_before + scanned.scan_id - splits.first_scan_id + 1 as line_number,
        scanned.line_text,
        splits.read_lines,
        splits.read_bytes
    from ({{ lineage_warehouse.spark_scanned_lines(view, paths) }}) as scanned
    inner join (
        select
            file_key,
            split_start,
            first_scan_id,
            coalesce(sum(line_count) over (
                partition by file_key order by split_start rows between unbounded preceding and 1 preceding
            ), 0) as lines_before,
            sum(line_count) over (partition by file_key) as read_lines,
            sum(text_bytes) over (partition by file_key) as read_bytes
        from (
            select
                file_key,
                split_start,
                min(scan_id) as first_scan_id,
                count(*) as line_count,
                sum(octet_length(line_text)) as text_bytes
            from ({{ lineage_warehouse.spark_scanned_lines(view, paths) }}) as split_lines
            group by file_key, split_start
        ) as split_counts
    ) as splits
        on scanned.file_key = splits.file_key and scanned.split_start = splits.split_start
{%- endmacro %}

{#- Spark: the lines of gzip files in `paths` from lw_event_gzip_lines (a gzip file is one split). -#}
{% macro spark_gzip_lines(paths) -%}
    select
        file_key,
        line_number,
        line_text
    from ({{ lineage_warehouse.spark_numbered_lines('lw_event_gzip_lines', paths) }}) as numbered
{%- endmacro %}

{#- Spark: whether each file of `keys` (plain files whose last line has no line feed and whose text may be one
    JSON document, lw_plain_file_facts) is one JSON document, from its lines joined whole in file order (split,
    then place in the split): file_key, is_whole_document. Only such files are ever held as one text. -#}
{% macro spark_whole_documents(keys) -%}
    select
        file_key,
        {{ lineage_warehouse.json_kind('file_text') }} != 'invalid' as is_whole_document
    from (
        select
            file_key,
            {{ lineage_warehouse.ordered_string_agg('line_text', 'chr(10)', 'struct(split_start, scan_id)') }}
                as file_text
        from ({{ lineage_warehouse.spark_scanned_lines('lw_event_text_lines', keys) }}) as scanned
        group by file_key
    ) as documents
{%- endmacro %}

{#- Spark: plain files line by line from lw_event_text_lines (created by inspect_event_files, with the facts
    lw_plain_file_facts about each file: docs/decisions/landing-spark-reads-lines.md). The text source
    drops a line feed at a file's end and a byte-order mark at its start, so the facts tell whether the file ends
    with a line feed and whether it had a mark (restored in line 1). A file whose lines as read now do not match its
    facts changed since it was inspected: none of its lines is complete (it is read again at the next landing). -#}
{% macro spark__read_event_lines(files, glob) -%}
    {%- set plain = files | rejectattr('gzip') | map(attribute='path') | list -%}
    {%- set gzip = files | selectattr('gzip') | map(attribute='path') | list -%}
    {%- if not plain and not gzip -%}
        {{ return(lineage_warehouse.no_event_lines()) }}
    {%- endif -%}
    {%- if gzip and execute -%}
        {{ lineage_warehouse.spark_create_lines_view('lw_event_gzip_lines', glob, gzip_only=true) }}
    {%- endif -%}
    {%- set pieces = none -%}
    {%- if plain -%}
        {%- set candidates = [] -%}
        {%- if execute -%}
            {%- set candidates = run_query('select file_key from lw_plain_file_facts where is_document_candidate'
                ~ ' and file_key in (' ~ lineage_warehouse.spark_uri_keys(plain) ~ ')').columns[0].values() | list -%}
        {%- endif -%}
        {%- set pieces -%}
            select
                numbered.file_key,
                case
                    when numbered.line_number = 1 and facts.has_bom
                        then decode(unhex('EFBBBF'), 'UTF-8') || numbered.line_text
                    else numbered.line_text
                end as line_text,
                numbered.line_number as piece_number,
                case
                    when not (facts.adds_up and numbered.read_lines = facts.line_count
                        and numbered.read_bytes = facts.text_bytes) then 0
                    when facts.ends_with_line_feed then facts.line_count + 1
                    else facts.line_count
                end as piece_count,
                facts.adds_up and numbered.read_lines = facts.line_count and numbered.read_bytes = facts.text_bytes
                {%- if candidates %}
                and coalesce(documents.is_whole_document, false) as is_final
                {%- else %}
                and false as is_final
                {%- endif %}
            from ({{ lineage_warehouse.spark_numbered_lines('lw_event_text_lines', plain) }}) as numbered
            inner join lw_plain_file_facts as facts
                on numbered.file_key = facts.file_key
            {%- if candidates %}
            left join ({{ lineage_warehouse.spark_whole_documents(candidates) }}) as documents
                on numbered.file_key = documents.file_key
            {%- endif %}
        {%- endset -%}
    {%- endif -%}
    {{ return(lineage_warehouse.event_line_parts(files, pieces,
        lineage_warehouse.spark_gzip_lines(gzip) if gzip else none, partial_line_kept=false)) }}
{%- endmacro %}
