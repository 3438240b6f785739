-- is_uuid / uuid_version / uuid_v7_timestamp (D5: any version, any case; Appendix A: the first 48 bits of a
-- version-7 UUID are Unix milliseconds). Non-UUID texts (wrong length, non-hex, misplaced or missing dashes,
-- braces, blanks, NULL) are not UUIDs; uuid_v7_timestamp is NULL for every version but 7. The version and the
-- timestamp are only defined for UUIDs (callers check is_uuid first), so they are compared for UUIDs and NULL only.
with

cases as (
    select * from (
        values
        ('0197833d-6cec-7a3f-9b2c-1234567890ab', true, '7', timestamp '2025-06-18 13:32:10.348'),
        ('0197833D-6CEC-7A3F-9B2C-1234567890AB', true, '7', timestamp '2025-06-18 13:32:10.348'),
        ('01908224-8410-7abc-9def-0123456789ab', true, '7', timestamp '2024-07-05 09:05:49.584'),
        ('01908224-8410-7ABC-9DEF-0123456789AB', true, '7', timestamp '2024-07-05 09:05:49.584'),
        ('00000000-0000-7000-8000-000000000000', true, '7', timestamp '1970-01-01 00:00:00'),
        ('f47ac10b-58cc-4372-a567-0e02b2c3d479', true, '4', cast(null as timestamp)),
        ('F47AC10B-58CC-4372-A567-0E02B2C3D479', true, '4', cast(null as timestamp)),
        ('6ba7b811-9dad-11d1-80b4-00c04fd430c8', true, '1', cast(null as timestamp)),
        ('8c9ddcb0-8084-5a7f-a988-1095ab18b5df', true, '5', cast(null as timestamp)),
        ('00000000-0000-0000-0000-000000000000', true, '0', cast(null as timestamp)),
        ('f47ac10b-58cc-4372-a567-0e02b2c3d47', false, cast(null as string), cast(null as timestamp)),
        ('f47ac10b-58cc-4372-a567-0e02b2c3d4799', false, cast(null as string), cast(null as timestamp)),
        ('g47ac10b-58cc-4372-a567-0e02b2c3d479', false, cast(null as string), cast(null as timestamp)),
        ('f47ac10b-58cc-4372-a567-0e02b2c3d47z', false, cast(null as string), cast(null as timestamp)),
        ('f47ac10b58cc4372a5670e02b2c3d479', false, cast(null as string), cast(null as timestamp)),
        ('f47ac10b5-8cc-4372-a567-0e02b2c3d479', false, cast(null as string), cast(null as timestamp)),
        ('{f47ac10b-58cc-4372-a567-0e02b2c3d479}', false, cast(null as string), cast(null as timestamp)),
        ('urn:uuid:f47ac10b-58cc-4372-a567-0e02b2c3d479', false, cast(null as string), cast(null as timestamp)),
        (' f47ac10b-58cc-4372-a567-0e02b2c3d479', false, cast(null as string), cast(null as timestamp)),
        ('f47ac10b-58cc-4372-a567-0e02b2c3d479 ', false, cast(null as string), cast(null as timestamp)),
        ('', false, cast(null as string), cast(null as timestamp)),
        (cast(null as string), false, cast(null as string), cast(null as timestamp))
    ) as t (input_text, expected_is_uuid, expected_version, expected_created_at)  -- noqa: AL05
),

final as (
    select
        *,
        {{ lineage_warehouse.is_uuid('input_text') }} as actual_is_uuid,
        {{ lineage_warehouse.uuid_version('input_text') }} as actual_version,
        {{ lineage_warehouse.uuid_v7_timestamp('input_text') }} as actual_created_at
    from cases
)

select * from final
where
    actual_is_uuid is distinct from expected_is_uuid
    or (
        (expected_is_uuid or input_text is null)
        and (
            actual_version is distinct from expected_version
            or actual_created_at is distinct from expected_created_at
        )
    )
