{#- Location parsing of OpenLineage namespaces (§1, with D6).
    Python urlparse semantics: scheme = leading [a-z][a-z0-9+.-]* before ':'; the netloc follows '//' up
    to '/', '?' or '#'; without a netloc the path is the host part.
    D6: userinfo ('user:password@') is removed from the netloc, and from '//user@' inside a path (jdbc:...),
    except for storage schemes whose userinfo is the container name (abfs, abfss, wasb, wasbs). -#}

{% macro container_schemes() -%}
    {{ return(['abfs', 'abfss', 'wasb', 'wasbs']) }}
{%- endmacro %}

{#- Lower-cased namespace, with the dataset-only `file` special case (§1.1 step 2). -#}
{% macro namespace_lowered(ns, kind) -%}
    {%- if kind == 'dataset' -%}
        case when lower({{ ns }}) = 'file' then 'file://' else lower({{ ns }}) end
    {%- else -%}
        lower({{ ns }})
    {%- endif -%}
{%- endmacro %}

{% macro namespace_scheme(lowered) -%}
    {{ lineage_warehouse.regex_extract(lowered, '^([a-z][a-z0-9+.-]*):', 1) }}
{%- endmacro %}

{#- Location type: the scheme, or 'unknown'. -#}
{% macro namespace_type(ns, kind) -%}
    coalesce({{ lineage_warehouse.namespace_scheme(lineage_warehouse.namespace_lowered(ns, kind)) }}, 'unknown')
{%- endmacro %}

{#- Host part (netloc, or the path when there is no netloc), credentials removed; '' when empty. -#}
{% macro namespace_host(ns, kind) -%}
    {%- set lowered = lineage_warehouse.namespace_lowered(ns, kind) -%}
    {%- set scheme = lineage_warehouse.namespace_scheme(lowered) -%}
    {%- set rest = "case when " ~ scheme ~ " is null then " ~ lowered ~ " else substr(" ~ lowered ~ ", length(" ~ scheme ~ ") + 2) end" -%}
    {%- set netloc = lineage_warehouse.regex_extract(rest, '^//([^/?#]*)', 1) -%}
    {%- set path = "case when " ~ rest ~ " like '//%' then "
        ~ lineage_warehouse.regex_extract(rest, '^//[^/?#]*([^?#]*)', 1)
        ~ " else " ~ lineage_warehouse.regex_extract(rest, '^([^?#]*)', 1) ~ " end" -%}
    case
        when coalesce({{ scheme }}, '') in ('{{ lineage_warehouse.container_schemes() | join("', '") }}')
            then coalesce({{ netloc }}, {{ path }}, '')
        when {{ netloc }} is not null
            then {{ lineage_warehouse.regex_replace_all(netloc, '^.*@', '') }}
        else coalesce({{ lineage_warehouse.regex_replace_all(path, '//[^/@]*@', '//') }}, '')
    end
{%- endmacro %}

{#- Location name of a dataset namespace: the first non-empty comma-separated piece, or 'unknown'. -#}
{% macro dataset_location_name(ns) -%}
    coalesce({{ lineage_warehouse.regex_extract(lineage_warehouse.namespace_host(ns, 'dataset'), '^,*([^,]+)', 1) }}, 'unknown')
{%- endmacro %}

{#- Location name of a job namespace: the whole host part (no comma split; may be ''). -#}
{% macro job_location_name(ns) -%}
    {{ lineage_warehouse.namespace_host(ns, 'job') }}
{%- endmacro %}

{#- The address that identifies the location of a reference: '{type}://{name}'. Every such address is
    an address of exactly one location in int_location_addresses. -#}
{% macro location_address(type_expr, name_expr) -%}
    ({{ type_expr }} || '://' || {{ name_expr }})
{%- endmacro %}
