-- Reference 0.7 §3: a dataset name is reserved when, lower-cased and split on '.', one part is information_schema,
-- pg_catalog, system, sys or dual, or the last part is an Oracle dictionary view (v$, v_$, gv_$ or dba_ followed
-- by letters, digits or '_'). Every example of §3, reserved and not, plus boundaries.
{% set cases = [
    ['db.INFORMATION_SCHEMA.c', true],
    ['mydb.system', true],
    ['a.dual.b', true],
    ['/data/x.system', true],
    ['V$SESSION', true],
    ['gv_$x', true],
    ['scott.dba_users', true],
    ['pg_catalog.pg_class', true],
    ['SYS', true],
    ['hr.v_$Session_1', true],
    ['pg_toast.x', false],
    ['sys_config', false],
    ['gv$session', false],
    ['dba_', false],
    ['dba_users.x', false],
    ['v$a$b', false],
    ['/data/system/x', false],
    ['systems.t', false],
    ['db.my_dual', false],
    ['v$', false],
] %}

with

cases as (
    {%- for name, expected in cases %}
        select
            {{ lineage_warehouse.sql_string(name) }} as name,
            {{ expected }} as expected
        union all
    {%- endfor %}
    select
        cast(null as string) as name,
        false as expected
),

checks as (
    select
        name,
        expected,
        {{ lineage_warehouse.dataset_name_is_reserved('name') }} as actual
    from cases
),

final as (
    select * from checks
    where actual is distinct from expected
)

select * from final
