{#- Location parsing of OpenLineage namespaces (§1, with D6).
    Python urlparse semantics: scheme = leading [a-z][a-z0-9+.-]* before ':'; the netloc follows '//' up
    to '/', '?' or '#'; without a netloc the path is the host part.
    D6: userinfo ('user:password@') is removed from the netloc, and from '//user@' inside a path (jdbc:...),
    except for storage schemes whose userinfo is the container name (abfs, abfss, wasb, wasbs). -#}

{% macro container_schemes() -%}
    {{ return(['abfs', 'abfss', 'wasb', 'wasbs']) }}
{%- endmacro %}

{#- Dataset namespaces that stand for a fixed location: the whole lower-cased namespace → what it is read as
    (§1.1 step 2; docs/rules.md "Dataset names: rewrites": `file`, BigQuery and Pub/Sub). -#}
{% macro dataset_namespace_aliases() -%}
    {{ return({'file': 'file://', 'bigquery': 'bigquery://googleapis.com', 'pubsub': 'pubsub://googleapis.com'}) }}
{%- endmacro %}

{#- Dataset namespace schemes spelled two ways: the lower-cased prefix → the prefix it is read as (docs/rules.md
    "Dataset names: rewrites": SQL Server and PostgreSQL). -#}
{% macro dataset_namespace_prefixes() -%}
    {{ return({'mssql://': 'sqlserver://', 'postgresql://': 'postgres://'}) }}
{%- endmacro %}

{#- Lower-cased namespace. A dataset namespace (not a job's) is then rewritten as the reference reads it: the
    aliases and prefixes above, and an AWS Glue catalog `arn:aws:glue:<region>:<account>` (both parts non-empty,
    nothing after them) → `awsglue://<account>`. -#}
{% macro namespace_lowered(ns, kind) -%}
    {%- if kind == 'dataset' -%}
        {%- set lowered = 'lower(' ~ ns ~ ')' -%}
        case
            {%- for alias, target in lineage_warehouse.dataset_namespace_aliases().items() %}
            when {{ lowered }} = '{{ alias }}' then '{{ target }}'
            {%- endfor %}
            {%- for prefix, target in lineage_warehouse.dataset_namespace_prefixes().items() %}
            when {{ lowered }} like '{{ prefix }}%' then '{{ target }}' || substr({{ lowered }}, {{ prefix | length + 1 }})
            {%- endfor %}
            when {{ lowered }} like 'arn:aws:glue:%' then coalesce(
                'awsglue://' || {{ lineage_warehouse.regex_extract(lowered, '^arn:aws:glue:[^:]+:([^:]+)$', 1) }},
                {{ lowered }}
            )
            else {{ lowered }}
        end
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
