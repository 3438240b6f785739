-- refold_partition (docs/decisions/spark-refold-partitions.md): a version-7 UUID
-- gives its first six hex digits, lower-cased (two ids created about a minute apart share it, ids hours apart do
-- not); any other id (a v4 UUID, an MD5 entity id, a text with '7' where a UUID has its version) its first hex
-- digit; an empty or NULL id '-'.
with

cases as (
    select * from (
        values
        ('01954f0a-1b2c-7d3e-8f40-123456789abc', '01954f'),
        ('01954F0B-0000-7000-8000-000000000000', '01954f'),
        ('01955a00-0000-7000-8000-000000000000', '01955a'),
        ('9b2e4c1a-5d6f-4a7b-8c9d-0e1f2a3b4c5d', '9'),
        ('d41d8cd98f00b2747e9800998ecf8427', 'd'),
        ('', '-'),
        (cast(null as string), '-')
    ) as t (key_text, expected)  -- noqa: AL05
),

final as (
    select
        *,
        {{ lineage_warehouse.refold_partition('key_text') }} as actual
    from cases
)

select * from final
where actual is distinct from expected
