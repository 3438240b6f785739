-- uuid_v7_timestamp over the whole 48-bit range: the largest version-7 UUID is 2^48 - 1 ms after the epoch (year
-- 10889), compared as epoch milliseconds so no five-digit-year literal is needed.
with

final as (
    select
        {{ lineage_warehouse.timestamp_to_epoch_ms(
            lineage_warehouse.uuid_v7_timestamp("'ffffffff-ffff-7fff-bfff-ffffffffffff'")) }} as actual_max_ms,
        {{ lineage_warehouse.timestamp_to_epoch_ms(
            lineage_warehouse.uuid_v7_timestamp("'018f2b3c-4d5e-7000-8000-000000000000'")) }} as actual_ms
)

select * from final
where
    actual_max_ms is distinct from 281474976710655
    or actual_ms is distinct from 1714417323358
