-- json_get on both engines: keys holding dots, spaces, double quotes and digits, array indexes (also on a
-- top-level array, and out of range), every JSON value kind (string unquoted; number, boolean, object and array as
-- compact JSON text; JSON null, a missing key and a path into a scalar as SQL NULL), numbers normalised the same
-- way on both engines, escaped and literal unicode. Backslashes are built with chr(92): Spark string literals
-- treat a backslash as an escape character, DuckDB's do not.
{%- set paths = [
    ('dotted', ['facets', 'spark.logicalPlan']),
    ('dotted_leaf', ['facets', 'spark.logicalPlan', 'a']),
    ('object', ['o']),
    ('array', ['a']),
    ('index', ['a', 1, 'b']),
    ('index_0', ['a', 0]),
    ('index_out', ['a', 5]),
    ('top_index', [1, 0]),
    ('value', ['v']),
    ('missing', ['nope']),
    ('space', ['key with space']),
    ('double_quote', ['a"b']),
    ('digit_key', ['0']),
    ('unicode_key', ['clé']),
] %}
{%- set bs = 'chr(92)' %}
with

cases as (
    select * from (
        values
        ('{"facets": {"spark.logicalPlan": {"a": 1}}}', 'dotted', '{"a":1}'),
        ('{"facets": {"spark.logicalPlan": {"a": 1}}}', 'dotted_leaf', '1'),
        ('{"facets": {"spark": {"logicalPlan": 2}}}', 'dotted', cast(null as string)),
        ('{"o": {"b" : 2, "a" : [1, 2], "c": null}}', 'object', '{"b":2,"a":[1,2],"c":null}'),
        ('{"o": {"k": "é ジョブ 🚀"}}', 'object', '{"k":"é ジョブ 🚀"}'),
        ('{"o": {}}', 'object', '{}'),
        ('{"a": [10, {"b": "x"}]}', 'array', '[10,{"b":"x"}]'),
        ('{"a": [10, {"b": "x"}]}', 'index', 'x'),
        ('{"a": [10, {"b": "x"}]}', 'index_0', '10'),
        ('{"a": [10, {"b": "x"}]}', 'index_out', cast(null as string)),
        ('{"a": []}', 'array', '[]'),
        ('[1, [2, 3]]', 'top_index', '2'),
        ('{"v": "text"}', 'value', 'text'),
        ('{"v": ""}', 'value', ''),
        ('{"v": "null"}', 'value', 'null'),
        ('{"v": 42}', 'value', '42'),
        ('{"v": -7}', 'value', '-7'),
        ('{"v": 1.5}', 'value', '1.5'),
        ('{"v": 1.50}', 'value', '1.5'),
        ('{"v": 0.1}', 'value', '0.1'),
        ('{"v": 1.0}', 'value', '1.0'),
        ('{"v": 1e2}', 'value', '100.0'),
        ('{"v": 12345678901234567890}', 'value', '12345678901234567890'),
        ('{"v": true}', 'value', 'true'),
        ('{"v": false}', 'value', 'false'),
        ('{"v": null}', 'value', cast(null as string)),
        ('{"v": "ジョブ 🚀"}', 'value', 'ジョブ 🚀'),
        ('{"v": "x"}', 'missing', cast(null as string)),
        ('{"key with space": "ジョブ 🚀"}', 'space', 'ジョブ 🚀'),
        ('{"0": "zero"}', 'digit_key', 'zero'),
        ('["zero"]', 'digit_key', cast(null as string)),
        ('{"clé": "value"}', 'unicode_key', 'value'),
        ('"just a string"', 'value', cast(null as string)),
        ('42', 'value', cast(null as string)),
        ('[1, 2]', 'value', cast(null as string)),
        (cast(null as string), 'value', cast(null as string))
    ) as t (doc, probe, expected)  -- noqa: AL05
),

escaped_cases as (
    -- {"v": "\u00e9\ud83d\ude80"}, {"v": "a\"b"}, {"o": {"k": "a\"b"}}, {"a\"b": 1}
    select
        '{"v": "' || {{ bs }} || 'u00e9' || {{ bs }} || 'ud83d' || {{ bs }} || 'ude80"}' as doc,
        'value' as probe,
        'é🚀' as expected
    union all
    select
        '{"v": "a' || {{ bs }} || '"b"}' as doc,
        'value' as probe,
        'a"b' as expected
    union all
    select
        '{"o": {"k": "a' || {{ bs }} || '"b"}}' as doc,
        'object' as probe,
        '{"k":"a' || {{ bs }} || '"b"}' as expected
    union all
    select
        '{"a' || {{ bs }} || '"b": 1}' as doc,
        'double_quote' as probe,
        '1' as expected
),

all_cases as (
    select * from cases
    union all
    select * from escaped_cases
),

final as (
    select
        *,
        case probe
            {%- for probe, keys in paths %}
                when '{{ probe }}' then {{ lineage_warehouse.json_text_normalise(lineage_warehouse.json_get('doc', keys)) }}
            {%- endfor %}
        end as actual
    from all_cases
)

select * from final
where actual is distinct from expected
