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
    filtered by the last path segment. -#}
{% macro spark_event_file_options(glob) -%}
    {%- if '**' in glob -%}
        {{ return("path " ~ lineage_warehouse.sql_string(glob.split('**')[0]) ~ ", recursiveFileLookup 'true', "
            ~ "pathGlobFilter " ~ lineage_warehouse.sql_string(glob.split('/')[-1])) }}
    {%- else -%}
        {{ return("path " ~ lineage_warehouse.sql_string(glob)) }}
    {%- endif -%}
{%- endmacro %}

{#- Spark: the binaryFile source over the glob; without its content column it reads no file. The view
    lw_event_blobs is also what read_event_lines and inspect_event_files read contents from. -#}
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
