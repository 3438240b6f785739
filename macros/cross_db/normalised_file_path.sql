{#- A landed file's identity (docs/decisions/landing-file-identity.md): its path as the events glob gives
    it, normalised, from the path the engine reports (`path_expr`). An absolute glob gives absolute paths; a
    relative glob gives paths relative to the working directory, as written ('../x/a.jsonl', never './' or '//' or
    'x/../'). DuckDB reports paths as globbed; Spark as absolute file: URIs, which lose their scheme and,
    for a relative glob, are made relative to the JVM's working directory (the directory it resolved the glob in). -#}
{% macro normalised_file_path(path_expr, glob, url_encoded=false) -%}
    {{ return(adapter.dispatch('normalised_file_path', 'lineage_warehouse')(path_expr, glob, url_encoded)) }}
{%- endmacro %}

{% macro default__normalised_file_path(path_expr, glob, url_encoded=false) -%}
    {{ lineage_warehouse.not_supported('normalised_file_path') }}
{%- endmacro %}

{#- How many '../' a relative glob starts with (after any './'). -#}
{% macro glob_parent_levels(glob) -%}
    {%- set ns = namespace(rest=glob, levels=0) -%}
    {%- for _ in range(glob | length) -%}
        {%- if ns.rest.startswith('./') -%}{%- set ns.rest = ns.rest[2:] -%}
        {%- elif ns.rest.startswith('../') -%}{%- set ns.rest = ns.rest[3:] -%}{%- set ns.levels = ns.levels + 1 -%}
        {%- endif -%}
    {%- endfor -%}
    {{ return(ns.levels) }}
{%- endmacro %}

{#- Lexical clean-up of a path: '//' and '/./' collapse, a leading './' goes, and 'name/../' pairs cancel (up to
    eight levels deep). -#}
{% macro lexically_normalised_path(path_expr) -%}
    {%- set ns = namespace(expr=path_expr) -%}
    {%- set ns.expr = lineage_warehouse.regex_replace_all(ns.expr, '/(\\./)*/*', '/') -%}
    {%- set ns.expr = lineage_warehouse.regex_replace_all(ns.expr, '/\\.$', '') -%}
    {%- set ns.expr = lineage_warehouse.regex_replace_all(ns.expr, '^(\\./)+', '') -%}
    {%- for _ in range(8) -%}
        {%- set ns.expr = lineage_warehouse.regex_replace_first_parent(ns.expr) -%}
    {%- endfor -%}
    {{ return(ns.expr) }}
{%- endmacro %}

{% macro duckdb__normalised_file_path(path_expr, glob, url_encoded=false) -%}
    {{ lineage_warehouse.lexically_normalised_path(path_expr) }}
{%- endmacro %}

{#- One 'name/../' pair (name not '..') removed, keeping what precedes it. -#}
{% macro regex_replace_first_parent(expr) -%}
    {{ return(adapter.dispatch('regex_replace_first_parent', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__regex_replace_first_parent(expr) -%}
    {{ lineage_warehouse.not_supported('regex_replace_first_parent') }}
{%- endmacro %}

{% macro duckdb__regex_replace_first_parent(expr) -%}
    regexp_replace({{ expr }}, '(^|/)([^./][^/]*|[.][^./][^/]*|[.][.][^/]+)/[.][.](/|$)', '\1')
{%- endmacro %}

{% macro spark__regex_replace_first_parent(expr) -%}
    regexp_replace({{ expr }}, '(^|/)([^./][^/]*|[.][^./][^/]*|[.][.][^/]+)/[.][.](/|$)', '$1')
{%- endmacro %}

{#- Spark: the path without its scheme, decoded when `url_encoded` (input_file_name() encodes, the binaryFile
    source's `path` does not); for a relative glob, the part after the driver's working directory's parent `levels`
    up, behind as many '../'. -#}
{% macro spark__normalised_file_path(path_expr, glob, url_encoded=false) -%}
    {%- set decoded = lineage_warehouse.spark_decoded_uri(path_expr) if url_encoded else path_expr -%}
    {%- set local_path = "regexp_replace(" ~ decoded ~ ", '^file:(//)?', '')" -%}
    {%- if glob.startswith('/') or ':' in glob.split('/')[0] -%}
        {{ lineage_warehouse.lexically_normalised_path(local_path) }}
    {%- else -%}
        {%- set levels = lineage_warehouse.glob_parent_levels(glob) | int -%}
        {%- set base -%}
            regexp_replace({{ lineage_warehouse.spark_driver_working_directory() }}, '(/[^/]+){{ '{' ~ levels ~ '}' }}/?$', '')
        {%- endset -%}
        {%- set clean = lineage_warehouse.lexically_normalised_path(local_path) -%}
        case
            when startswith({{ clean }}, {{ base }} || '/')
                then {{ lineage_warehouse.sql_string('../' * levels) }} || substr({{ clean }}, length({{ base }}) + 2)
            else {{ clean }}
        end
    {%- endif -%}
{%- endmacro %}

{#- Spark: a URI from input_file_name() decoded ('+' stands for itself in a path, not for a space). -#}
{% macro spark_decoded_uri(uri_expr) -%}
    {{ return("url_decode(replace(" ~ uri_expr ~ ", '+', '%2B'))") }}
{%- endmacro %}

{#- Spark: the working directory of the driver, the JVM that lists the files and resolves a relative glob against
    its user.dir, as an SQL string. Read at compile time from a one-row inline table, which Spark's optimizer
    evaluates on the driver; evaluated per row of a table, it would be each executor's (on a cluster, a worker's
    folder). At parse time, when nothing runs, the expression itself. -#}
{% macro spark_driver_working_directory() -%}
    {%- set expression = "reflect('java.lang.System', 'getProperty', 'user.dir')" -%}
    {%- if not execute -%}
        {{ return(expression) }}
    {%- endif -%}
    {%- set directory = run_query('select ' ~ expression ~ ' as working_directory from values (1)').columns[0].values()[0] -%}
    {{ return(lineage_warehouse.sql_string(directory)) }}
{%- endmacro %}
