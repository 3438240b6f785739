{#- A SELECT of what landing must know about each of `files` (read_event_lines' list) before it reads their
    lines: source_path, problem (NULL for a readable file, else 'not_utf8', 'not_gzip' or 'gzip_truncated'), the
    problem's description (naming the file), and readable_lines (for a truncated gzip file: the lines landed).
    docs/decisions/landing-unreadable-files.md has the rules. -#}
{% macro inspect_event_files(files, glob) -%}
    {{ return(adapter.dispatch('inspect_event_files', 'lineage_warehouse')(files, glob)) }}
{%- endmacro %}

{% macro default__inspect_event_files(files, glob) -%}
    {{ lineage_warehouse.not_supported('inspect_event_files') }}
{%- endmacro %}

{#- DuckDB: a plain file larger than var('landing_whole_file_max_bytes') is judged by the plugin's
    lw_plain_file_facts in bounded pieces (docs/decisions/landing-files-larger-than-memory.md); every
    other file is read whole (read_blob). A gzip file is decompressed only once its header is sane. With the
    project's dbt-duckdb plugin (duckdb_gzip_plugin_loaded), Python's zlib judges each stream (lw_gzip_facts: whole,
    UTF-8, complete lines before it ends or breaks), so a stream that breaks or holds invalid UTF-8 is recorded, not
    read by the CSV reader, which stops the whole query at it. Without the plugin (a host project's own profile),
    the CSV reader counts the lines and the trailer tells a truncated stream (a broken one then stops the build:
    docs/decisions/). -#}
{% macro duckdb__inspect_event_files(files, glob) -%}
    {%- set gzip_paths = files | selectattr('gzip') | map(attribute='path') | list -%}
    {%- set over_threshold = files | rejectattr('gzip') | selectattr('bytes', 'gt', var('landing_whole_file_max_bytes'))
        | map(attribute='path') | list -%}
    {#- the plugin is asked for only when a file needs it -#}
    {%- set plugin_loaded = (over_threshold or gzip_paths) and lineage_warehouse.duckdb_gzip_plugin_loaded() -%}
    {%- set large_paths = over_threshold if plugin_loaded else [] -%}
    {%- set whole_paths = files | map(attribute='path') | reject('in', large_paths) | list -%}
    {%- set sane_gzip_paths = [] -%}
    {%- if gzip_paths and execute -%}
        {%- set query -%}
            select filename from read_blob([{{ lineage_warehouse.duckdb_literal_paths(gzip_paths) }}])
            where {{ lineage_warehouse.gzip_header_is_sane('octet_length(content)', 'hex(content[1:3])') }}
        {%- endset -%}
        {%- set sane_gzip_paths = run_query(query).columns[0].values() | list -%}
    {%- endif -%}
    {%- set python_gzip = sane_gzip_paths and plugin_loaded -%}
    with

    blobs as (
        {%- if whole_paths %}
        select
            filename as source_path,
            filename as file_key,
            filename like '%.gz' as is_gzip,
            octet_length(content) as file_bytes,
            hex(content[1:3]) as head_hex,
            hex(content[-4:]) as tail_hex,
            case when filename not like '%.gz' then try(decode(content)) is not null end as is_utf8,
            cast(null as bigint) as line_stream_lines
        from read_blob([{{ lineage_warehouse.duckdb_literal_paths(whole_paths) }}])
        {%- endif %}
        {%- if whole_paths and large_paths %}
        union all
        {%- endif %}
        {%- if large_paths %}
        select
            file_key as source_path,
            file_key,
            false as is_gzip,
            facts.file_bytes,
            facts.head_hex,
            cast(null as varchar) as tail_hex,
            facts.is_utf8,
            case when facts.is_line_stream then facts.line_feeds end as line_stream_lines
        from (
            select
                file_key,
                lw_plain_file_facts(file_key) as facts
            from unnest([{{ lineage_warehouse.sql_strings(large_paths) }}]) as large_file (file_key)
        ) as judged
        {%- endif %}
    ),

    gzip_stats as (
        {%- if python_gzip %}
        select
            judged.file_key,
            judged.facts.complete_lines as line_count,
            cast(null as bigint) as text_bytes,
            judged.facts.is_utf8,
            judged.facts.is_whole,
            judged.facts.has_long_line
        from (
            select
                file_key,
                lw_gzip_facts(file_key) as facts
            from unnest([{{ lineage_warehouse.sql_strings(sane_gzip_paths) }}]) as sane_gzip (file_key)
        ) as judged
        {%- else %}
        {{ lineage_warehouse.gzip_line_stats(
            lineage_warehouse.duckdb_gzip_lines(sane_gzip_paths) if sane_gzip_paths else none,
            'strlen(line_text)', 'true') }}
        {%- endif %}
    )

    {{ lineage_warehouse.event_file_problems('blobs', 'gzip_stats', partial_line_kept=not python_gzip) }}
{%- endmacro %}

{#- DuckDB: whether this connection has the functions of the project's dbt-duckdb plugin
    (src/lineage_warehouse/duckdb_plugin/gzip_facts.py, loaded by the `duckdb` target of profiles.yml). False at parse time. -#}
{% macro duckdb_gzip_plugin_loaded() -%}
    {%- if not execute -%}
        {{ return(false) }}
    {%- endif -%}
    {%- set registered = run_query("select count(distinct function_name) from duckdb_functions()"
        ~ " where function_name in ('lw_gzip_facts', 'lw_gzip_readable_text', 'lw_plain_file_facts')")
        .columns[0].values()[0] -%}
    {{ return(registered == 3) }}
{%- endmacro %}

{#- Spark: files are read line by line (text sources, read_event_lines), never whole. A plain file's facts are
    taken in one pass and cached (spark_cache_plain_file_facts); a gzip file's header and trailer come from the
    binaryFile source over the .gz files only (which reads each of them whole: a limit for very large .gz files),
    its lines from the text source, skipping (ignoreCorruptFiles) the rest of a stream that breaks. -#}
{% macro spark__inspect_event_files(files, glob) -%}
    {%- set gzip_paths = files | selectattr('gzip') | map(attribute='path') | list -%}
    {%- set plain_paths = files | rejectattr('gzip') | map(attribute='path') | list -%}
    {%- if gzip_paths and execute -%}
        {{ lineage_warehouse.spark_create_lines_view('lw_event_gzip_lines', glob, gzip_only=true) }}
        {%- do run_query("create or replace temporary view lw_event_gzip_blobs using binaryFile options ("
            ~ lineage_warehouse.spark_event_file_options(glob, gzip_only=true) ~ ")") -%}
    {%- endif -%}
    {%- if plain_paths and execute -%}
        {{ lineage_warehouse.spark_create_lines_view('lw_event_text_lines', glob, gzip_only=false) }}
        {{ lineage_warehouse.spark_cache_plain_file_facts(plain_paths) }}
    {%- endif -%}
    with

    blobs as (
        {%- if plain_paths %}
        select
            listed.source_path,
            listed.file_key,
            false as is_gzip,
            listed.file_size as file_bytes,
            facts.head_hex,
            cast(null as string) as tail_hex,
            coalesce(facts.is_utf8, true) as is_utf8,
            cast(null as bigint) as line_stream_lines
        from {{ lineage_warehouse.landing_files() }} as listed
        left join lw_plain_file_facts as facts
            on listed.file_key = facts.file_key
        where listed.file_key in ({{ lineage_warehouse.spark_uri_keys(plain_paths) }})
        {%- endif %}
        {%- if plain_paths and gzip_paths %}
        union all
        {%- endif %}
        {%- if gzip_paths %}
        select
            path as source_path,
            {{ lineage_warehouse.spark_uri_key('path') }} as file_key,
            true as is_gzip,
            length as file_bytes,
            hex(substr(content, 1, 3)) as head_hex,
            hex(substr(content, -4)) as tail_hex,
            cast(null as boolean) as is_utf8,
            cast(null as bigint) as line_stream_lines
        from lw_event_gzip_blobs
        where {{ lineage_warehouse.spark_uri_key('path') }} in (
            {{- lineage_warehouse.spark_uri_keys(gzip_paths) -}}
        )
        {%- endif %}
    ),

    gzip_stats as (
        {{ lineage_warehouse.gzip_line_stats(
            lineage_warehouse.spark_scanned_lines('lw_event_gzip_lines', gzip_paths) if gzip_paths else none,
            'octet_length(line_text)', 'bool_and(is_valid_utf8(line_text))') }}
    )

    {{ lineage_warehouse.event_file_problems('blobs', 'gzip_stats', partial_line_kept=false) }}
{%- endmacro %}

{#- Spark: what read_event_lines must know about each plain file of `paths`, taken in one pass over its lines
    (lw_event_text_lines) and cached as the temporary view lw_plain_file_facts: line_count and text_bytes as read,
    is_utf8, head_hex (of its first line: a UTF-16 byte-order mark is kept there) and, from the gap between its size
    as listed (landing_files) and the bytes of its lines, whether it ends with a line feed (the text source drops
    it) and whether it starts with a UTF-8 byte-order mark (also dropped): gap = lines - 1 line feeds, + 1 for a
    final line feed, + 3 for a mark; any other gap (adds_up false) means it changed while read. A file is a
    document candidate (its text may be one JSON document: docs/decisions/landing-spark-reads-lines.md) when its last
    line has no line feed, it has no mark, and it has one non-blank line or its first
    non-blank line is not a complete JSON value. -#}
{% macro spark_cache_plain_file_facts(paths) -%}
    {%- set facts -%}
        select
            file_key,
            line_count,
            text_bytes,
            is_utf8,
            head_hex,
            byte_gap in (1, 4) as ends_with_line_feed,
            byte_gap in (3, 4) as has_bom,
            byte_gap in (0, 1, 3, 4) as adds_up,
            byte_gap = 0 and (
                non_blank_lines = 1
                or (non_blank_lines > 1 and {{ lineage_warehouse.json_kind('first_non_blank_line') }} = 'invalid')
            ) as is_document_candidate
        from (
            select
                line_stats.*,
                listed.file_size - (line_stats.text_bytes + line_stats.line_count - 1) as byte_gap
            from (
                select
                    file_key,
                    count(*) as line_count,
                    sum(octet_length(line_text)) as text_bytes,
                    bool_and(is_valid_utf8(line_text)) as is_utf8,
                    hex(substr(min_by(line_text, struct(split_start, scan_id)), 1, 3)) as head_hex,
                    count_if(is_non_blank) as non_blank_lines,
                    min_by(line_text, struct(split_start, scan_id)) filter (where is_non_blank) as first_non_blank_line
                from (
                    select
                        *,
                        {{ lineage_warehouse.regex_matches('line_text', '[^ \t\n\r]') }} as is_non_blank
                    from ({{ lineage_warehouse.spark_scanned_lines('lw_event_text_lines', paths) }}) as scanned
                ) as lines
                group by file_key
            ) as line_stats
            inner join {{ lineage_warehouse.landing_files() }} as listed
                on line_stats.file_key = listed.file_key
        ) as gaps
    {%- endset -%}
    {%- do run_query('drop view if exists lw_plain_file_facts') -%}
    {%- do run_query('cache table lw_plain_file_facts as ' ~ facts) -%}
{%- endmacro %}

{#- Per gzip file of `lines_sql` (file_key and line_text at least; none: no gzip file): line_count, text_bytes
    (`byte_length`, an expression over line_text), is_utf8 (`all_utf8`, an aggregate) and is_whole (NULL: the
    stream's trailer tells, event_file_problems). -#}
{% macro gzip_line_stats(lines_sql, byte_length, all_utf8) -%}
    {%- if lines_sql is none -%}
        select
            cast(null as string) as file_key,
            cast(null as bigint) as line_count,
            cast(null as bigint) as text_bytes,
            cast(null as boolean) as is_utf8,
            cast(null as boolean) as is_whole,
            cast(null as boolean) as has_long_line
        where 1 = 0
    {%- else -%}
        select
            file_key,
            count(*) as line_count,
            sum(coalesce({{ byte_length }}, 0)) as text_bytes,
            {{ all_utf8 }} as is_utf8,
            cast(null as boolean) as is_whole,
            cast(null as boolean) as has_long_line
        from ({{ lines_sql }}) as gzip_lines
        group by file_key
    {%- endif -%}
{%- endmacro %}
