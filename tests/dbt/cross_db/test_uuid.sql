-- is_uuid, uuid_version, uuid_v7_timestamp (D5: any version; Appendix A: UUIDv7 → timestamp).
with

cases as (
    select * from (
        values
        ('0197833d-6cec-7000-8000-000000000000', true, '7', cast('2025-06-18 13:32:10.348' as timestamp)),
        ('01908224-8410-7abc-9def-0123456789ab', true, '7', cast('2024-07-05 09:05:49.584' as timestamp)),
        ('01908224-8410-7ABC-9DEF-0123456789AB', true, '7', cast('2024-07-05 09:05:49.584' as timestamp)),
        ('6ba7b810-9dad-11d1-80b4-00c04fd430c8', true, '1', cast(null as timestamp)),
        ('ea041791-68bc-4ae1-bd89-4c8106a157e4', true, '4', cast(null as timestamp)),
        ('ea041791-68bc-4ae1-bd89-4c8106a157e', false, '4', cast(null as timestamp)),
        ('ea041791-68bc-4ae1-bd89-4c8106a157e4x', false, '4', cast(null as timestamp)),
        ('zz041791-68bc-4ae1-bd89-4c8106a157e4', false, '4', cast(null as timestamp)),
        ('ea04179168bc4ae1bd894c8106a157e4', false, '4', cast(null as timestamp))
    ) as t (input_text, expected_is_uuid, expected_version, expected_created_at)  -- noqa: AL05
),

final as (
    select
        *,
        {{ lineage_warehouse.is_uuid('input_text') }} as actual_is_uuid,
        {{ lineage_warehouse.uuid_version('input_text') }} as actual_version,
        case
            when {{ lineage_warehouse.is_uuid('input_text') }}
                then {{ lineage_warehouse.uuid_v7_timestamp('lower(input_text)') }}
        end as actual_created_at
    from cases
)

select * from final
where
    actual_is_uuid is distinct from expected_is_uuid
    or (expected_is_uuid and actual_version is distinct from expected_version)
    or actual_created_at is distinct from expected_created_at
