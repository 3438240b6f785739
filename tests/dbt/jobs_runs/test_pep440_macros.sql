-- pep440_captures/pep440_from_captures (pep440 normalise) and pep440_at_least (the version rules of the job and run models), identical on both
-- engines, applied to a column of cases as the models apply them. Expected values are Python's.
{%- set normalise_cases = [
    ('1.35.0-SNAPSHOT', '1.35.0'), ('1.0.0-rc1', '1.0.0rc1'), ('V2.0B2.Post3.DEV4', '2.0b2.post3.dev4'),
    ('1.0+ubuntu-1', '1.0+ubuntu.1'), ('3.3.2-amzn-1', none), ('1.0.0-SNAPSHOT-1', '1.0.0.post1'), ('', none)] %}
{%- set at_least_cases = [
    ('3.0.0', 'true', 'true'), ('3', 'true', 'true'), ('2.10.5', 'false', 'true'), ('3.0.0rc1', 'false', 'true'),
    ('3.0.0.dev1', 'false', 'true'), ('3.0.0.post1.dev1', 'true', 'true'), ('3.0.0+local', 'true', 'true'),
    ('2.9.1.0', 'false', 'true'), ('2.9.1.0.1', 'false', 'true'), ('1!0.1', 'true', 'true'),
    ('2.9.1', 'false', 'true'), ('2.9.0', 'false', 'false'), ('2.10.0', 'false', 'true'),
    ('2.9.1rc1', 'false', 'false')] %}
with

normalise_cases as (
    {{ lineage_warehouse.lineage_test_values(normalise_cases, ['version', 'expected']) }}
),

at_least_cases as (
    {%- for version, at_least_3_0_0, at_least_2_9_1 in at_least_cases %}
        select
            {{ lineage_warehouse.sql_string(version) }} as version,
            '{{ at_least_3_0_0 }} {{ at_least_2_9_1 }}' as expected
        {%- if not loop.last %}
            union all
        {%- endif %}
    {%- endfor %}
),

captured as (
    select
        version,
        expected,
        {{ lineage_warehouse.pep440_captures('version', 'version') }}
    from normalise_cases
),

normalised as (
    select
        'pep440_normalise ' || version as probe,
        {{ lineage_warehouse.pep440_from_captures('version') }} as actual,
        expected
    from captured
),

compared as (
    select
        'pep440_at_least ' || version as probe,
        cast({{ lineage_warehouse.pep440_at_least('version', [3, 0, 0]) }} as string) || ' '
        || cast({{ lineage_warehouse.pep440_at_least('version', [2, 9, 1]) }} as string) as actual,
        expected
    from at_least_cases
),

checks as (
    select * from normalised
    union all
    select * from compared
),

final as (
    select * from checks
    where actual is distinct from expected
)

select * from final
