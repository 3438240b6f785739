-- Appendix A: the synthetic Hive session run id of the spec's example.
with

final as (
    select
        {{ lineage_warehouse.hive_session_run_id(
            "cast('2025-06-18 13:32:03.229' as timestamp)", "'0ba6765b-3019-4172-b748-63c257158d20'"
        ) }} as actual
)

select * from final
where actual is distinct from '0197833d-511d-7034-be27-078fb128ca59'
