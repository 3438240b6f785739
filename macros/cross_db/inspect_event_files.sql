{#- A SELECT of what landing must know about each of `files` (read_event_lines' list) before it reads their
    lines: source_path, problem (NULL for a readable file, else 'not_utf8', 'not_gzip' or 'gzip_truncated'), the
    problem's description (naming the file), and readable_lines (for a truncated gzip file: the lines landed).
    docs/decisions.md "Landing: unreadable files" has the rules. -#}
{% macro inspect_event_files(files, glob) -%}
    {{ return(adapter.dispatch('inspect_event_files', 'lineage_warehouse')(files, glob)) }}
{%- endmacro %}

{% macro default__inspect_event_files(files, glob) -%}
    {{ lineage_warehouse.not_supported('inspect_event_files') }}
{%- endmacro %}

{#- DuckDB: a gzip file is decompressed (by the CSV reader) only once its header is sane: the reader stops the
    whole query at a file that is not gzip. -#}
{% macro duckdb__inspect_event_files(files, glob) -%}
    {%- set gzip_paths = files | selectattr('gzip') | map(attribute='path') | list -%}
    {%- set sane_gzip_paths = [] -%}
    {%- if gzip_paths and execute -%}
        {%- set query -%}
            select filename from read_blob([{{ lineage_warehouse.duckdb_literal_paths(gzip_paths) }}])
            where {{ lineage_warehouse.gzip_header_is_sane('octet_length(content)', 'hex(content[1:3])') }}
        {%- endset -%}
        {%- set sane_gzip_paths = run_query(query).columns[0].values() | list -%}
    {%- endif -%}
    with

    blobs as (
        select
            filename as source_path,
            filename as file_key,
            filename like '%.gz' as is_gzip,
            octet_length(content) as file_bytes,
            hex(content[1:3]) as head_hex,
            hex(content[-4:]) as tail_hex,
            case when filename not like '%.gz' then try(decode(content)) is not null end as is_utf8
        from read_blob([{{ lineage_warehouse.duckdb_literal_paths(files | map(attribute='path')) }}])
    ),

    gzip_stats as (
        {{ lineage_warehouse.gzip_line_stats(
            lineage_warehouse.duckdb_gzip_lines(sane_gzip_paths) if sane_gzip_paths else none,
            'strlen(line_text)', 'true') }}
    )

    {{ lineage_warehouse.event_file_problems('blobs', 'gzip_stats', partial_line_kept=true) }}
{%- endmacro %}

{#- Spark: contents come from the binaryFile view of list_event_files; gzip files are decompressed by the text
    source line by line, skipping (ignoreCorruptFiles) the rest of a stream that breaks. -#}
{% macro spark__inspect_event_files(files, glob) -%}
    {%- set gzip_paths = files | selectattr('gzip') | map(attribute='path') | list -%}
    {%- if gzip_paths and execute -%}
        {{ lineage_warehouse.spark_create_gzip_lines_view(glob) }}
    {%- endif -%}
    with

    blobs as (
        select
            path as source_path,
            {{ lineage_warehouse.spark_uri_key('path') }} as file_key,
            path like '%.gz' as is_gzip,
            length as file_bytes,
            hex(substr(content, 1, 3)) as head_hex,
            hex(substr(content, -4)) as tail_hex,
            case when path not like '%.gz' then is_valid_utf8(cast(content as string)) end as is_utf8
        from lw_event_blobs
        where {{ lineage_warehouse.spark_uri_key('path') }} in (
            {{- lineage_warehouse.spark_uri_keys(files | map(attribute='path')) -}}
        )
    ),

    gzip_stats as (
        {{ lineage_warehouse.gzip_line_stats(
            lineage_warehouse.spark_gzip_lines(gzip_paths) if gzip_paths else none,
            'octet_length(line_text)', 'bool_and(is_valid_utf8(line_text))') }}
    )

    {{ lineage_warehouse.event_file_problems('blobs', 'gzip_stats', partial_line_kept=false) }}
{%- endmacro %}

{#- Per gzip file of `lines_sql` (file_key, line_number, line_text; none: no gzip file): line_count, text_bytes
    (`byte_length`, an expression over line_text) and is_utf8 (`all_utf8`, an aggregate). -#}
{% macro gzip_line_stats(lines_sql, byte_length, all_utf8) -%}
    {%- if lines_sql is none -%}
        select
            cast(null as string) as file_key,
            cast(null as bigint) as line_count,
            cast(null as bigint) as text_bytes,
            cast(null as boolean) as is_utf8
        where 1 = 0
    {%- else -%}
        select
            file_key,
            count(*) as line_count,
            sum(coalesce({{ byte_length }}, 0)) as text_bytes,
            {{ all_utf8 }} as is_utf8
        from ({{ lines_sql }}) as gzip_lines
        group by file_key
    {%- endif -%}
{%- endmacro %}
