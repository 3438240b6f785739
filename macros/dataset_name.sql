{#- The name of a dataset reference (§2.1 and docs/rules.md "Dataset names: rewrites"), applied to every dataset
    reference an extractor builds, from the name as sent (`name_expr`), its namespace and the event's extractor:
    - ClickHouse and MySQL (location type exactly `clickhouse` or `mysql`): a name with exactly two '.' loses
      everything up to and including the first one (`default.db.t` is `db.t`);
    - Spark: a name holding both '=' and '/' is cut, from the name as sent, before its first '/<segment>='
      path segment, the segment non-empty and without '/' or '=' (partition directories collapse into their table;
      an empty '/=' names no partition column);
    - dbt: every 'None.' is removed from the name as sent.
    The Spark cut and the dbt removal start again from the name as sent, so where they apply the ClickHouse and
    MySQL cut is undone (docs/decisions/dataset-names-clickhouse-cut.md). -#}
{#- Contract: SQL expressions of the name and namespace as sent and of the event's extractor (SPARK, DBT, ...,
    UNKNOWN); returns a SQL expression of the dataset name. A dispatched rule (docs/extending.md): a host project
    overrides it with a macro of its own named default__dataset_name (or <adapter>__dataset_name) found first by its
    dispatch search order. -#}
{% macro dataset_name(name_expr, namespace_expr, extractor_expr) -%}
    {{ return(adapter.dispatch('dataset_name', 'lineage_warehouse')(name_expr, namespace_expr, extractor_expr)) }}
{%- endmacro %}

{% macro default__dataset_name(name_expr, namespace_expr, extractor_expr) -%}
    {%- set location_type = lineage_warehouse.namespace_type(lineage_warehouse.namespace_read(namespace_expr, 'dataset')) -%}
    {%- set partition_cut = lineage_warehouse.regex_extract(name_expr, '^(.*?)/[^/=]+=', 1) -%}
    case
        when {{ extractor_expr }} = 'SPARK' and {{ name_expr }} like '%=%' and {{ name_expr }} like '%/%'
            and {{ partition_cut }} is not null
            then {{ partition_cut }}
        when {{ extractor_expr }} = 'DBT'
            then replace({{ name_expr }}, 'None.', '')
        when length({{ name_expr }}) - length(replace({{ name_expr }}, '.', '')) = 2
            and {{ location_type }} in ('clickhouse', 'mysql')
            then substr({{ name_expr }}, instr({{ name_expr }}, '.') + 1)
        else {{ name_expr }}
    end
{%- endmacro %}

{#- Names the reference never records (docs/rules.md "Dataset names: reserved"): catalogue and system objects. -#}
{% macro reserved_dataset_name_parts() -%}
    {{ return(['information_schema', 'pg_catalog', 'system', 'sys', 'dual']) }}
{%- endmacro %}

{#- True when the name as sent (`raw_name_expr`, before any rewrite; the namespace plays no part) is reserved:
    lower-cased and split on '.', one part is a reserved part, or the last part is an Oracle dictionary view
    (v$..., v_$..., gv_$..., dba_... followed by letters, digits or '_'). A reserved reference gives no dataset:
    its input or output entry, symlink identifier or column-lineage source is skipped. -#}
{#- Contract: `raw_name_expr`, a SQL expression of the name as sent; returns a SQL boolean expression, never NULL:
    true for a name that gives no dataset. A dispatched rule (docs/extending.md): a host project overrides it with a
    macro of its own named default__dataset_name_is_reserved (or <adapter>__dataset_name_is_reserved) found first by
    its dispatch search order. -#}
{% macro dataset_name_is_reserved(raw_name_expr) -%}
    {{ return(adapter.dispatch('dataset_name_is_reserved', 'lineage_warehouse')(raw_name_expr)) }}
{%- endmacro %}

{% macro default__dataset_name_is_reserved(raw_name_expr) -%}
    {%- set reserved_part = '(^|\\.)(' ~ (lineage_warehouse.reserved_dataset_name_parts() | join('|')) ~ ')(\\.|$)' -%}
    {%- set dictionary_view = '(^|\\.)(v\\$|v_\\$|gv_\\$|dba_)[a-z0-9_]+$' -%}
    coalesce({{ lineage_warehouse.regex_matches('lower(' ~ raw_name_expr ~ ')', reserved_part ~ '|' ~ dictionary_view) }}, false)
{%- endmacro %}
