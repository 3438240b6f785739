{#- A SELECT over every line of every file matched by `glob`, with columns
    source_path (as the engine names the file), line_number (1-based) and line_text (the line without its
    line break). Plain and gzip-compressed files alike. -#}
{% macro read_event_lines(glob) -%}
    {{ return(adapter.dispatch('read_event_lines', 'lineage_warehouse')(glob)) }}
{%- endmacro %}

{% macro default__read_event_lines(glob) -%}
    {{ lineage_warehouse.not_supported('read_event_lines') }}
{%- endmacro %}

{#- DuckDB: the CSV reader with quoting off and a delimiter no event contains returns each line whole and
    decompresses .gz; a single-threaded scan keeps lines in file order, which row_number() then numbers. -#}
{% macro duckdb__read_event_lines(glob) -%}
    {%- if execute -%}
        {%- set found = run_query("select count(*) from glob(" ~ lineage_warehouse.sql_string(glob) ~ ")").columns[0].values()[0] -%}
        {%- if found == 0 -%}
            {{ exceptions.raise_compiler_error("events_path '" ~ glob ~ "' matches no file") }}
        {%- endif -%}
    {%- endif -%}
    select
        source_path,
        row_number() over (partition by source_path order by scan_order) as line_number,
        line_text
    from (
        select
            filename as source_path,
            line_text,
            row_number() over () as scan_order
        from read_csv(
            {{ lineage_warehouse.sql_string(glob) }},
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
            filename = true
        )
    ) as scanned
{%- endmacro %}

{#- Spark: each file is read whole (the text source decompresses .gz) into a temporary view, then split on
    line feeds; the empty piece after a final line feed is not a line. A '**' in the glob becomes a
    recursive listing filtered by the last path segment. -#}
{% macro spark__read_event_lines(glob) -%}
    {%- if '**' in glob -%}
        {%- set root = glob.split('**')[0] -%}
        {%- set name_filter = glob.split('/')[-1] -%}
        {%- set options = "path " ~ lineage_warehouse.sql_string(root) ~ ", recursiveFileLookup 'true', pathGlobFilter "
            ~ lineage_warehouse.sql_string(name_filter) ~ ", wholetext 'true'" -%}
    {%- else -%}
        {%- set options = "path " ~ lineage_warehouse.sql_string(glob) ~ ", wholetext 'true'" -%}
    {%- endif -%}
    {%- if execute -%}
        {%- do run_query("create or replace temporary view lw_event_files using text options (" ~ options ~ ")") -%}
    {%- endif -%}
    select
        source_path,
        pos + 1 as line_number,
        line_text
    from (
        select
            input_file_name() as source_path,
            value as file_text
        from lw_event_files
    ) as files
    lateral view posexplode(split(file_text, chr(10), -1)) pieces as pos, line_text
    where not (line_text = '' and pos = size(split(file_text, chr(10), -1)) - 1)
{%- endmacro %}
