{#- The file name relative to the glob's base directory `base` (see glob_base_dir), from the path the
    engine reports: DuckDB reports the path as globbed, Spark as an absolute file: URI. -#}
{% macro relative_file_name(path_expr, base) -%}
    {{ return(adapter.dispatch('relative_file_name', 'lineage_warehouse')(path_expr, base)) }}
{%- endmacro %}

{% macro default__relative_file_name(path_expr, base) -%}
    {{ lineage_warehouse.not_supported('relative_file_name') }}
{%- endmacro %}

{% macro duckdb__relative_file_name(path_expr, base) -%}
    {%- if base == '' -%}
        regexp_replace({{ path_expr }}, '^[.]/', '')
    {%- else -%}
        case
            when starts_with({{ path_expr }}, {{ lineage_warehouse.sql_string(base) }})
                then substr({{ path_expr }}, {{ base | length + 1 }})
            else {{ path_expr }}
        end
    {%- endif -%}
{%- endmacro %}

{% macro spark__relative_file_name(path_expr, base) -%}
    {%- set local_path = "regexp_replace(" ~ path_expr ~ ", '^file:(//)?', '')" -%}
    {%- set ns = namespace(rel=base) -%}
    {%- for _ in range(20) -%}
        {%- if ns.rel.startswith('./') -%}{%- set ns.rel = ns.rel[2:] -%}
        {%- elif ns.rel.startswith('../') -%}{%- set ns.rel = ns.rel[3:] -%}
        {%- endif -%}
    {%- endfor -%}
    {%- if ns.rel == '' -%}
        regexp_extract({{ local_path }}, '[^/]*$', 0)
    {%- elif ns.rel.startswith('/') -%}
        substr({{ local_path }}, {{ ns.rel | length + 1 }})
    {%- else -%}
        substr(
            {{ local_path }},
            instr({{ local_path }}, {{ lineage_warehouse.sql_string('/' ~ ns.rel) }}) + {{ ns.rel | length + 1 }}
        )
    {%- endif -%}
{%- endmacro %}
