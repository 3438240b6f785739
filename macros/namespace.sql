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

{#- A dataset namespace as its location is read (§1.1 step 2, docs/rules.md "Dataset names: rewrites"): lower-cased,
    then the aliases and prefixes above, and an AWS Glue catalog `arn:aws:glue:<region>:<account>` (both parts
    non-empty, nothing after them) → `awsglue://<account>`. The one home of these rewrites; the location macros
    below take its result, so it is rendered once per reference (int_location_references, the seeds' URLs), not
    inside every part of the parse. -#}
{#- Contract: `ns`, a SQL expression of a dataset namespace as sent; returns a SQL expression of the text its
    location is read from (the scheme and host the location macros parse). A dispatched rule (docs/extending.md): a
    host project overrides it with a macro of its own named default__dataset_namespace_read (or
    <adapter>__dataset_namespace_read) found first by its dispatch search order. -#}
{% macro dataset_namespace_read(ns) -%}
    {{ return(adapter.dispatch('dataset_namespace_read', 'lineage_warehouse')(ns)) }}
{%- endmacro %}

{% macro default__dataset_namespace_read(ns) -%}
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
{%- endmacro %}

{#- A namespace as its location is read: a job namespace is only lower-cased (no rewrite), a dataset namespace goes
    through dataset_namespace_read. The macros below take this text (`read_ns`), never the namespace as sent. -#}
{% macro namespace_read(ns, kind) -%}
    {%- if kind == 'dataset' -%}
        {{ lineage_warehouse.dataset_namespace_read(ns) }}
    {%- else -%}
        lower({{ ns }})
    {%- endif -%}
{%- endmacro %}

{% macro namespace_scheme(read_ns) -%}
    {{ lineage_warehouse.regex_extract(read_ns, '^([a-z][a-z0-9+.-]*):', 1) }}
{%- endmacro %}

{#- Location type: the scheme, or 'unknown'. -#}
{% macro namespace_type(read_ns) -%}
    coalesce({{ lineage_warehouse.namespace_scheme(read_ns) }}, 'unknown')
{%- endmacro %}

{#- Host part (netloc, or the path when there is no netloc), credentials removed; '' when empty. -#}
{% macro namespace_host(read_ns) -%}
    {%- set scheme = lineage_warehouse.namespace_scheme(read_ns) -%}
    {%- set rest = "case when " ~ scheme ~ " is null then " ~ read_ns ~ " else substr(" ~ read_ns ~ ", length(" ~ scheme ~ ") + 2) end" -%}
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

{#- Location name of a dataset namespace (as read): the first non-empty comma-separated piece of its host part, or
    'unknown'. -#}
{% macro dataset_location_name(read_ns) -%}
    {{ lineage_warehouse.dataset_location_name_of_host(lineage_warehouse.namespace_host(read_ns)) }}
{%- endmacro %}

{#- The same, from the host part already computed (`host`: namespace_host of the dataset namespace as read). -#}
{#- Contract: `host`, a SQL expression of the host part of a dataset namespace as read (namespace_host, credentials
    removed); returns a SQL expression of the location name (never NULL). A dispatched rule (docs/extending.md): a
    host project overrides it with a macro of its own named default__dataset_location_name_of_host (or
    <adapter>__dataset_location_name_of_host) found first by its dispatch search order. -#}
{% macro dataset_location_name_of_host(host) -%}
    {{ return(adapter.dispatch('dataset_location_name_of_host', 'lineage_warehouse')(host)) }}
{%- endmacro %}

{% macro default__dataset_location_name_of_host(host) -%}
    coalesce({{ lineage_warehouse.regex_extract(host, '^,*([^,]+)', 1) }}, 'unknown')
{%- endmacro %}

{#- Location name of a job namespace (as read): the whole host part (no comma split; may be ''). -#}
{#- Contract: `read_ns`, a SQL expression of a job namespace as read (lower-cased); returns a SQL expression of the
    location name (may be ''). A dispatched rule (docs/extending.md): a host project overrides it with a macro of
    its own named default__job_location_name (or <adapter>__job_location_name) found first by its dispatch search
    order. -#}
{% macro job_location_name(read_ns) -%}
    {{ return(adapter.dispatch('job_location_name', 'lineage_warehouse')(read_ns)) }}
{%- endmacro %}

{% macro default__job_location_name(read_ns) -%}
    {{ lineage_warehouse.namespace_host(read_ns) }}
{%- endmacro %}

{#- The address that identifies the location of a reference: '{type}://{name}'. Every such address is
    an address of exactly one location in int_location_addresses. -#}
{% macro location_address(type_expr, name_expr) -%}
    ({{ type_expr }} || '://' || {{ name_expr }})
{%- endmacro %}
