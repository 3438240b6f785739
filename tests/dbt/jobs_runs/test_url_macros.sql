-- Macros of the run models, identical on both engines: url_quote (Python quote(text, safe='/'), UTF-8 bytes for
-- non-ASCII), strip_url_userinfo (D6) and first_comma_item. Expected values are Python's.
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
),

final as (
    select * from checks
    where actual is distinct from expected
)

select * from final
