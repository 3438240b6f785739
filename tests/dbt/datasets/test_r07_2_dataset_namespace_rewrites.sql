-- Reference 0.7 §2, the namespace half: a dataset namespace is lower-cased and then rewritten (`file`, `bigquery`,
-- `pubsub` alone; the prefixes `mssql://` and `postgresql://`; an AWS Glue catalog ARN) before its location is
-- read (§1.1); a job namespace is only lower-cased. Every example of §2, each positive and negative, as
-- (namespace, location type, location name) for a dataset and, for the job check, the job location.
{% set dataset_cases = [
    ['file', 'file', 'unknown'],
    ['FILE', 'file', 'unknown'],
    ['bigquery', 'bigquery', 'googleapis.com'],
    ['BigQuery', 'bigquery', 'googleapis.com'],
    ['pubsub', 'pubsub', 'googleapis.com'],
    ['arn:aws:glue:us-east-1:123456789012', 'awsglue', '123456789012'],
    ['ARN:AWS:GLUE:EU-WEST-1:42', 'awsglue', '42'],
    ['mssql://Host:1433', 'sqlserver', 'host:1433'],
    ['postgresql://h:5432', 'postgres', 'h:5432'],
    ['PostgreSQL://H:5432/db', 'postgres', 'h:5432'],
    ['bigquery://x', 'bigquery', 'x'],
    ['bigquery:', 'bigquery', 'unknown'],
    ['pubsub-topic', 'unknown', 'pubsub-topic'],
    ['jdbc:postgresql://h:5432/db', 'jdbc', 'postgresql://h:5432/db'],
    ['jdbc:mssql://h:1433', 'jdbc', 'mssql://h:1433'],
    ['arn:aws:glue:r:a:x', 'arn', 'aws:glue:r:a:x'],
    ['arn:aws:glue::123', 'arn', 'aws:glue::123'],
    ['arn:aws:glue:r:', 'arn', 'aws:glue:r:'],
    ['postgres://h:5432', 'postgres', 'h:5432'],
    ['sqlserver://h:1433', 'sqlserver', 'h:1433'],
] %}
{%- set job_cases = [
    ['postgresql://h', 'postgresql', 'h'],
    ['mssql://h:1433', 'mssql', 'h:1433'],
    ['bigquery', 'unknown', 'bigquery'],
    ['arn:aws:glue:us-east-1:123456789012', 'arn', 'aws:glue:us-east-1:123456789012'],
] %}

with

cases as (
    {%- for kind, cases in [('dataset', dataset_cases), ('job', job_cases)] %}
        {%- set outer_loop = loop %}
        {%- for namespace, expected_type, expected_name in cases %}
            select
                '{{ kind }}' as reference_kind,
                {{ lineage_warehouse.sql_string(namespace) }} as namespace,
                {{ lineage_warehouse.sql_string(expected_type ~ '://' ~ expected_name) }} as expected
            {%- if not (loop.last and outer_loop.last) %}
                union all
            {%- endif %}
        {%- endfor %}
    {%- endfor %}
),

read_cases as (
    select
        reference_kind,
        namespace,
        expected,
        case reference_kind
            when 'dataset' then {{ lineage_warehouse.namespace_read('namespace', 'dataset') }}
            else {{ lineage_warehouse.namespace_read('namespace', 'job') }}
        end as read_namespace
    from cases
),

checks as (
    select
        reference_kind,
        namespace,
        expected,
        case reference_kind
            when 'dataset' then {{ lineage_warehouse.namespace_location_address('read_namespace', 'dataset') }}
            else {{ lineage_warehouse.namespace_location_address('read_namespace', 'job') }}
        end as actual
    from read_cases
),

final as (
    select * from checks
    where actual is distinct from expected
)

select * from final
