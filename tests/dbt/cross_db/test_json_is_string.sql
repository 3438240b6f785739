-- json_is_string and read_text_is_string (the job namespace and name checks of stg_event_envelopes): a JSON string
-- is a string whatever it looks like; an object, array, number, boolean or null is not; a missing key is NULL.
with

cases as (
    select * from (
        values
        ('{"job": {"name": "etl"}}', true),
        ('{"job": {"name": "5"}}', true),
        ('{"job": {"name": "true"}}', true),
        ('{"job": {"name": "{k: 1}"}}', true),
        ('{"job": {"name": {"k": "v"}}}', false),
        ('{"job": {"name": ["a"]}}', false),
        ('{"job": {"name": 5}}', false),
        ('{"job": {"name": -1.5e3}}', false),
        ('{"job": {"name": false}}', false),
        ('{"job": {"name": null}}', false),
        ('{"job": {}}', cast(null as boolean))
    ) as t (doc, expected)  -- noqa: AL05
),

read as (
    select
        doc,
        expected,
        {{ lineage_warehouse.json_get('doc', ['job', 'name']) }} as name_read
    from cases
),

final as (
    select
        *,
        {{ lineage_warehouse.json_is_string('doc', ['job', 'name']) }} as actual,
        {{ lineage_warehouse.read_text_is_string('doc', 'name_read', ['job', 'name']) }} as actual_from_read
    from read
)

select * from final
where
    actual is distinct from expected
    -- a JSON null reads as NULL, which has its own reason (missing): read_text_is_string leaves it NULL
    or actual_from_read is distinct from (case when name_read is not null then expected end)
