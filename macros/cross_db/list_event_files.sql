{#- A SELECT over the files matched by `glob`, without reading their contents: source_path (as the engine names
    the file), file_key (how read_event_lines and inspect_event_files name it), source_file (its identity, normalised_file_path), file_size (bytes on disk) and modified_epoch_s
    (the modification time, whole seconds since the Unix epoch). Landing skips a file whose state it has already
    recorded (macros/landed_files.sql). -#}
{% macro list_event_files(glob) -%}
    {{ return(adapter.dispatch('list_event_files', 'lineage_warehouse')(glob)) }}
{%- endmacro %}

{% macro default__list_event_files(glob) -%}
    {{ lineage_warehouse.not_supported('list_event_files') }}
{%- endmacro %}

{#- DuckDB: read_blob without its content column opens no file. -#}
{% macro duckdb__list_event_files(glob) -%}
    select
        filename as source_path,
        filename as file_key,
        {{ lineage_warehouse.normalised_file_path('filename', glob) }} as source_file,
        cast(size as bigint) as file_size,
        cast(floor(epoch(last_modified)) as bigint) as modified_epoch_s
    from read_blob({{ lineage_warehouse.sql_string(glob) }})
{%- endmacro %}

{#- Spark: the file-source options naming the files of `glob`. A '**' in the glob becomes a recursive listing
    filtered by the last path segment. `gzip_only`: only files named .gz (for a '**' glob whose last segment neither
    ends with '*' nor with '.gz', every .gz file below the base folder: callers keep the listed files by path). -#}
{% macro spark_event_file_options(glob, gzip_only=false) -%}
    {%- set last_segment = glob.split('/')[-1] -%}
    {%- if '**' in glob -%}
        {%- set name_filter = last_segment -%}
        {%- if gzip_only and not last_segment.endswith('.gz') -%}
            {%- set name_filter = last_segment ~ '.gz' if last_segment.endswith('*') else '*.gz' -%}
        {%- endif -%}
        {{ return("path " ~ lineage_warehouse.sql_string(glob.split('**')[0]) ~ ", recursiveFileLookup 'true', "
            ~ "pathGlobFilter " ~ lineage_warehouse.sql_string(name_filter)) }}
    {%- elif gzip_only -%}
        {{ return("path " ~ lineage_warehouse.sql_string(glob) ~ ", pathGlobFilter '*.gz'") }}
    {%- else -%}
        {{ return("path " ~ lineage_warehouse.sql_string(glob)) }}
    {%- endif -%}
{%- endmacro %}

{#- Spark: the binaryFile source over the glob; without its content column it reads no file. Its content column
    is not read from this view: the source reads a file's content whole into one row (even for a row a filter
    then drops), so lines come from text sources, read line by line (read_event_lines, inspect_event_files). -#}
{% macro spark__list_event_files(glob) -%}
    {%- if execute -%}
        {%- do run_query("create or replace temporary view lw_event_blobs using binaryFile options ("
            ~ lineage_warehouse.spark_event_file_options(glob) ~ ")") -%}
    {%- endif -%}
    select
        path as source_path,
        {{ lineage_warehouse.spark_uri_key('path') }} as file_key,
        {{ lineage_warehouse.normalised_file_path('path', glob) }} as source_file,
        cast(length as bigint) as file_size,
        unix_seconds(modificationTime) as modified_epoch_s
    from lw_event_blobs
{%- endmacro %}
