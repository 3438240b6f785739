-- Macros of the run models, identical on both engines: url_quote (Python quote(text, safe='/'), UTF-8 bytes for
-- non-ASCII), strip_url_userinfo (D6) and first_comma_item, each applied to a column of cases once, as the
-- models apply them. Expected values are Python's.
{%- set quote_cases = [
    ('scheduled__2024-07-05T08:00:00+00:00', 'scheduled__2024-07-05T08%3A00%3A00%2B00%3A00'),
    ('a-b_c.d~e/f', 'a-b_c.d~e/f'),
    ("a b&c=d?e#f%g@h;i,j'k\"l\\m", 'a%20b%26c%3Dd%3Fe%23f%25g%40h%3Bi%2Cj%27k%22l%5Cm'),
    ('xé😀', 'x%C3%A9%F0%9F%98%80'),
    (none, none)] %}
{%- set userinfo_cases = [
    ('http://user:p@ss@host:8080/a@b?c=d@e', 'http://host:8080/a@b?c=d@e'),
    ('http://host/a@b', 'http://host/a@b')] %}
{%- set first_item_cases = [('http://a,http://b', 'http://a')] %}
with

quote_cases as (
    {{ lineage_warehouse.lineage_test_values(quote_cases, ['given', 'expected']) }}
),

userinfo_cases as (
    {{ lineage_warehouse.lineage_test_values(userinfo_cases, ['given', 'expected']) }}
),

first_item_cases as (
    {{ lineage_warehouse.lineage_test_values(first_item_cases, ['given', 'expected']) }}
),

checks as (
    select
        'url_quote ' || coalesce(given, 'null') as probe,
        {{ lineage_warehouse.url_quote('given') }} as actual,
        expected
    from quote_cases
    union all
    select
        'strip_url_userinfo ' || given as probe,
        {{ lineage_warehouse.strip_url_userinfo('given') }} as actual,
        expected
    from userinfo_cases
    union all
    select
        'first_comma_item ' || given as probe,
        {{ lineage_warehouse.first_comma_item('given') }} as actual,
        expected
    from first_item_cases
),

final as (
    select * from checks
    where actual is distinct from expected
)

select * from final
