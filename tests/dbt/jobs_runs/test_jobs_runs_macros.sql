-- Macros of the job and run models, identical on both engines: url_quote (Python quote(text, safe='/'), UTF-8
-- bytes for non-ASCII), strip_url_userinfo (D6), first_comma_item, pep440_normalise / pep440_at_least, the
-- 'k:v[:src]' tag split and the Python list literal reading of Airflow dag.tags. Expected values are Python's.
with

checks as (
    select
        'quote_ascii' as probe,
        {{ lineage_warehouse.url_quote("'scheduled__2024-07-05T08:00:00+00:00'") }} as actual,
        'scheduled__2024-07-05T08%3A00%3A00%2B00%3A00' as expected
    union all
    select
        'quote_safe' as probe,
        {{ lineage_warehouse.url_quote("'a-b_c.d~e/f'") }} as actual,
        'a-b_c.d~e/f' as expected
    union all
    select
        'quote_reserved' as probe,
        {{ lineage_warehouse.url_quote(lineage_warehouse.sql_string("a b&c=d?e#f%g@h;i,j'k\"l\\m")) }} as actual,
        'a%20b%26c%3Dd%3Fe%23f%25g%40h%3Bi%2Cj%27k%22l%5Cm' as expected
    union all
    select
        'quote_utf8' as probe,
        {{ lineage_warehouse.url_quote("'xé😀'") }} as actual,
        'x%C3%A9%F0%9F%98%80' as expected
    union all
    select
        'quote_null' as probe,
        {{ lineage_warehouse.url_quote('cast(null as string)') }} as actual,
        cast(null as string) as expected
    union all
    select
        'userinfo' as probe,
        {{ lineage_warehouse.strip_url_userinfo("'http://user:p@ss@host:8080/a@b?c=d@e'") }} as actual,
        'http://host:8080/a@b?c=d@e' as expected
    union all
    select
        'no_userinfo' as probe,
        {{ lineage_warehouse.strip_url_userinfo("'http://host/a@b'") }} as actual,
        'http://host/a@b' as expected
    union all
    select
        'first_item' as probe,
        {{ lineage_warehouse.first_comma_item("'http://a,http://b'") }} as actual,
        'http://a' as expected
    union all
    select
        'pep440' as probe,
        concat_ws(
            ' ',
            {{ lineage_warehouse.pep440_normalise("'1.35.0-SNAPSHOT'") }},
            {{ lineage_warehouse.pep440_normalise("'1.0.0-rc1'") }},
            {{ lineage_warehouse.pep440_normalise("'V2.0B2.Post3.DEV4'") }},
            {{ lineage_warehouse.pep440_normalise("'1.0+ubuntu-1'") }},
            coalesce({{ lineage_warehouse.pep440_normalise("'3.3.2-amzn-1'") }}, 'x'),
            coalesce({{ lineage_warehouse.pep440_normalise("'1.0.0-SNAPSHOT-1'") }}, 'x'),
            coalesce({{ lineage_warehouse.pep440_normalise("''") }}, 'x')
        ) as actual,
        '1.35.0 1.0.0rc1 2.0b2.post3.dev4 1.0+ubuntu.1 x 1.0.0.post1 x' as expected
    union all
    select
        'pep440_at_least' as probe,
        concat_ws(
            ' ',
            {%- for v in ['3.0.0', '3', '2.10.5', '3.0.0rc1', '3.0.0.dev1', '3.0.0.post1.dev1', '3.0.0+local',
                          '2.9.1.0', '2.9.1.0.1', '1!0.1'] %}
                cast({{ lineage_warehouse.pep440_at_least("'" ~ v ~ "'", [3, 0, 0]) }} as string){{ ',' if not loop.last }}
            {%- endfor %}
        ) as actual,
        'true true false false false true true false false true' as expected
    union all
    select
        'pep440_at_least_291' as probe,
        concat_ws(
            ' ',
            {%- for v in ['2.9.1', '2.9.0', '2.9.1.0.1', '2.10.0', '2.9.1rc1'] %}
                cast({{ lineage_warehouse.pep440_at_least("'" ~ v ~ "'", [2, 9, 1]) }} as string){{ ',' if not loop.last }}
            {%- endfor %}
        ) as actual,
        'true false true true false' as expected
    union all
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
