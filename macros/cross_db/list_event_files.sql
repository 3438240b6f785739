{#- A SELECT over the files matched by `glob`, without reading their contents: source_path (as
    read_event_lines names the file), file_size (bytes on disk) and modified_epoch_s (the modification time,
    whole seconds since the Unix epoch). Landing skips a file whose state it has already recorded
    (macros/landed_files.sql). -#}
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
        cast(size as bigint) as file_size,
        cast(floor(epoch(last_modified)) as bigint) as modified_epoch_s
    from read_blob({{ lineage_warehouse.sql_string(glob) }})
{%- endmacro %}

{#- Spark: the binaryFile source over the same paths as read_event_lines; without its content column it
    reads no file. -#}
{% macro spark__list_event_files(glob) -%}
    {%- if execute -%}
        {%- do run_query("create or replace temporary view lw_event_file_states using binaryFile options ("
            ~ lineage_warehouse.spark_event_file_options(glob) ~ ")") -%}
    {%- endif -%}
    select
        path as source_path,
        cast(length as bigint) as file_size,
        unix_seconds(modificationTime) as modified_epoch_s
    from lw_event_file_states
{%- endmacro %}
