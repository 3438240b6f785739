{#- A SELECT over the lines of `files` (a list of {'path': source_path, 'key': file_key, 'gzip': whether it is
    gzip-compressed, 'truncated': whether its gzip stream breaks}, from list_event_files and inspect_event_files),
    with columns file_key, line_number (1-based), line_text (the line without its line feed, otherwise verbatim)
    and line_is_complete. A line is complete unless it is the unterminated last line of a file that may still
    grow (a plain file whose whole text is not one JSON document) or the last line read from a truncated gzip
    stream (docs/decisions.md "Landing: lines still being written"). -#}
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

{#- The lines of plain files (`pieces_sql`, see plain_lines_with_completeness) and of gzip files (`gzip_lines_sql`,
    see gzip_lines_with_completeness), either none, as one SELECT. -#}
{% macro event_line_parts(files, pieces_sql, gzip_lines_sql, partial_line_kept) -%}
    {%- set parts = [] -%}
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
    ends a line at a lone carriage return and drops a byte-order mark (docs/decisions.md). -#}
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
            columns = {'line_text': 'VARCHAR'},
            delim = chr(30) || chr(31) || chr(29) || chr(28),
            quote = '',
            escape = '',
            header = false,
            auto_detect = false,
            strict_mode = false,
            null_padding = true,
            parallel = false,
            max_line_size = 536870912,
            buffer_size = 1073741824,
            compression = 'gzip',
            filename = true
        )
    ) as scanned
{%- endmacro %}

{#- DuckDB: plain files are read as bytes (read_blob), decoded (a file that is not UTF-8 is left out: it was
    recorded as unreadable) and split on line feeds only, so every other byte stays in its line. -#}
{% macro duckdb__read_event_lines(files, glob) -%}
    {%- set plain = files | rejectattr('gzip') | map(attribute='path') | list -%}
    {%- set gzip = files | selectattr('gzip') | map(attribute='path') | list -%}
    {%- if not plain and not gzip -%}
        {{ return(lineage_warehouse.no_event_lines()) }}
    {%- endif -%}
    {%- set pieces = none -%}
    {%- if plain -%}
        {%- set pieces -%}
            select
                file_key,
                unnest(pieces) as line_text,
                generate_subscripts(pieces, 1) as piece_number,
                len(pieces) as piece_count,
                is_final
            from (
                select
                    filename as file_key,
                    string_split(file_text, chr(10)) as pieces,
                    {{ lineage_warehouse.last_piece_is_final('file_text') }} as is_final
                from (
                    select
                        filename,
                        try(decode(content)) as file_text
                    from read_blob([{{ lineage_warehouse.duckdb_literal_paths(plain) }}])
                ) as blobs
                where file_text is not null
            ) as texts
        {%- endset -%}
    {%- endif -%}
    {{ return(lineage_warehouse.event_line_parts(files, pieces,
        lineage_warehouse.duckdb_gzip_lines(gzip) if gzip else none, partial_line_kept=true)) }}
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

{#- Spark: the text source over the glob, line by line on line feeds only; a gzip stream that breaks ends its
    file's lines there (ignoreCorruptFiles keeps the lines read before). Creates the view lw_event_gzip_lines. -#}
{% macro spark_create_gzip_lines_view(glob) -%}
    {%- do run_query("create or replace temporary view lw_event_gzip_lines using text options ("
        ~ lineage_warehouse.spark_event_file_options(glob) ~ ", lineSep '\\n', ignoreCorruptFiles 'true')") -%}
{%- endmacro %}

{#- Spark: the lines of gzip files in `paths` from lw_event_gzip_lines. A gzip file is one partition, read in
    order, so monotonically_increasing_id() orders its lines. -#}
{% macro spark_gzip_lines(paths) -%}
    select
        file_key,
        row_number() over (partition by file_key order by scan_order) as line_number,
        line_text
    from (
        select
            {{ lineage_warehouse.spark_uri_key(lineage_warehouse.spark_decoded_uri('input_file_name()')) }} as file_key,
            value as line_text,
            monotonically_increasing_id() as scan_order
        from lw_event_gzip_lines
    ) as scanned
    where file_key in ({{ lineage_warehouse.spark_uri_keys(paths) }})
{%- endmacro %}

{#- Spark: plain files whole from the binaryFile view of list_event_files, split on line feeds. -#}
{% macro spark__read_event_lines(files, glob) -%}
    {%- set plain = files | rejectattr('gzip') | map(attribute='path') | list -%}
    {%- set gzip = files | selectattr('gzip') | map(attribute='path') | list -%}
    {%- if not plain and not gzip -%}
        {{ return(lineage_warehouse.no_event_lines()) }}
    {%- endif -%}
    {%- if gzip and execute -%}
        {{ lineage_warehouse.spark_create_gzip_lines_view(glob) }}
    {%- endif -%}
    {%- set pieces = none -%}
    {%- if plain -%}
        {%- set pieces -%}
            select
                texts.file_key,
                pieces.line_text,
                pieces.pos + 1 as piece_number,
                texts.piece_count,
                texts.is_final
            from (
                select
                    file_key,
                    file_text,
                    size(split(file_text, chr(10), -1)) as piece_count,
                    {{ lineage_warehouse.last_piece_is_final('file_text') }} as is_final
                from (
                    select
                        {{ lineage_warehouse.spark_uri_key('path') }} as file_key,
                        cast(content as string) as file_text
                    from lw_event_blobs
                    where {{ lineage_warehouse.spark_uri_key('path') }} in (
                        {{- lineage_warehouse.spark_uri_keys(plain) -}}
                    )
                ) as blobs
                where is_valid_utf8(file_text)
            ) as texts
            lateral view posexplode(split(texts.file_text, chr(10), -1)) pieces as pos, line_text
        {%- endset -%}
    {%- endif -%}
    {{ return(lineage_warehouse.event_line_parts(files, pieces,
        lineage_warehouse.spark_gzip_lines(gzip) if gzip else none, partial_line_kept=false)) }}
{%- endmacro %}
