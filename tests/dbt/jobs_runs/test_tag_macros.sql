-- The 'k:v[:src]' tag split and the Python list literal reading of Airflow dag.tags, identical on both engines.
-- Expected values are Python's.
with

checks as (
    select
        'tag_kv' as probe,
        {{ lineage_warehouse.tag_kv_key("'team:data:manual'") }} || '='
        || {{ lineage_warehouse.tag_kv_value("'team:data:manual'") }}
        || ' ' || {{ lineage_warehouse.tag_kv_key("'env:'") }} || '='
        || {{ lineage_warehouse.tag_kv_value("'env:'") }}
            as actual,
        'team=data env=' as expected
    union all
    select
        'dag_tags_kind' as probe,
        concat_ws(
            ' ',
            {{ lineage_warehouse.airflow_dag_tags_kind(lineage_warehouse.sql_string('["a:b", "c"]')) }},
            {{ lineage_warehouse.airflow_dag_tags_kind(lineage_warehouse.sql_string("['a:b', \"c\", 'it\\'s',]")) }},
            {{ lineage_warehouse.airflow_dag_tags_kind(lineage_warehouse.sql_string("[]")) }},
            {{ lineage_warehouse.airflow_dag_tags_kind(lineage_warehouse.sql_string("prod")) }},
            {{ lineage_warehouse.airflow_dag_tags_kind(lineage_warehouse.sql_string("['a', 1]")) }}
        ) as actual,
        'array literal array invalid invalid' as expected
),

literal_items as (
    select
        'dag_tags_items' as probe,
        {{ lineage_warehouse.ordered_string_agg(
            "'<' || " ~ lineage_warehouse.python_string_item_text('items.value') ~ " || '>'", "''", 'items.pos') }}
            as actual,
        {{ lineage_warehouse.sql_string("<a:b><c, d><it's><x\\y>") }} as expected
    from (select {{ lineage_warehouse.sql_string("['a:b', \"c, d\", 'it\\'s', 'x\\\\y']") }} as doc) as docs
    {{ lineage_warehouse.explode_array(lineage_warehouse.regex_extract_all('docs.doc',
        lineage_warehouse.python_string_item_pattern()), 'items') }}
),

all_checks as (
    select * from checks
    union all
    select * from literal_items
),

final as (
    select * from all_checks
    where actual is distinct from expected
)

select * from final
