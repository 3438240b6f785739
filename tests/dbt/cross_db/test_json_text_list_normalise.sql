-- json_text_list_normalise: every element of a list of JSON texts re-serialised by the engine (here by
-- json_to_raw_array, which Spark writes with escaped surrogate pairs) reads the same on both engines: characters
-- outside the BMP written as themselves, other elements untouched, a NULL list stays NULL.
with

lists as (
    select
        'emoji' as list_id,
        {{ lineage_warehouse.json_text_list_normalise(
            lineage_warehouse.json_to_raw_array("'[{\"k\": \"ジョブ 🚀\"}, \"é\", 1]'")
        ) }} as texts
    union all
    select
        'sql_null' as list_id,
        {{ lineage_warehouse.json_text_list_normalise(
            lineage_warehouse.json_to_raw_array('cast(null as string)')
        ) }} as texts
),

checked as (
    select
        list_id,
        {{ lineage_warehouse.list_item('texts', 0) }} as first_text,
        {{ lineage_warehouse.list_item('texts', 1) }} as second_text,
        {{ lineage_warehouse.list_item('texts', 2) }} as third_text,
        texts is null as is_null
    from lists
),

final as (
    select * from checked
    where
        (
            list_id = 'emoji'
            and not (
                first_text = '{"k":"ジョブ 🚀"}' and second_text = '"é"' and third_text = '1' and not is_null
            )
        )
        or (list_id = 'sql_null' and not is_null)
)

select * from final
