-- D6 (macros/credentials.sql): each form of credential removed from an event's text, and what is not a
-- credential left as it is. Inputs are JSON text as landed (a backslash escape is two characters).
{%- set cases = [
    ('{"namespace": "postgres://bob:line1\\nPw@db:5432"}', '{"namespace": "postgres://db:5432"}'),
    ('"airflow://admin:x/y?z#pw@airflow:8080"', '"airflow://airflow:8080"'),
    ('"mysql://u:p@ss@h:3306"', '"mysql://h:3306"'),
    ('"postgres://u:pa\\"pw@quoted"', '"postgres://quoted"'),
    ('"https://user@host/x"', '"https://host/x"'),
    ('{"namespace": "carol:pw@warehouse"}', '{"namespace": "warehouse"}'),
    ('{"namespace": "sqlserver://h:1433;user=dave;password=pw;database=s"}',
     '{"namespace": "sqlserver://h:1433;user=dave;password=***;database=s"}'),
    ('"wasbs://erin:pw@acct.blob"', '"wasbs://acct.blob"'),
    ('"wasbs://container@acct.blob"', '"wasbs://container@acct.blob"'),
    ('"ABFSS://container@acct"', '"ABFSS://container@acct"'),
    ('{"name": "load postgres://frank:pw@db:5432/sales"}', '{"name": "load postgres://db:5432/sales"}'),
    ('"https://u:p@h1 and mail admin@x.com"', '"https://h1 and mail admin@x.com"'),
    ('"view?id=1&token=abc&x=2"', '"view?id=1&token=***&x=2"'),
    ('"CREATE USER etl WITH PASSWORD = \'p w\'"', '"CREATE USER etl WITH PASSWORD = ***"'),
    ('{"spark.hadoop.fs.s3a.secret.key": "abc", "spark.master": "yarn"}',
     '{"spark.hadoop.fs.s3a.secret.key": "***", "spark.master": "yarn"}'),
    ('postgres://u:p@h', 'postgres://h'),
    ('"s3://bucket/key@v1"', '"s3://bucket/key@v1"'),
    ('{"key": "owner", "value": "owner:alice@corp.com"}', '{"key": "owner", "value": "owner:alice@corp.com"}'),
    ('{"namespace": "kafka://broker:9092", "name": "a@b"}', '{"namespace": "kafka://broker:9092", "name": "a@b"}'),
    ('{"key": "db_password", "value": "s3cr3t", "source": "USER"}',
     '{"key": "db_password", "value": "***", "source": "USER"}'),
    ('{"value": "s3cr3t", "source": "USER", "key": "API_KEY"}', '{"value": "***", "source": "USER", "key": "API_KEY"}'),
    ('{"key": "Authorization", "source": "USER", "value": "Bearer a\\"b"}',
     '{"key": "Authorization", "source": "USER", "value": "***"}'),
    ('{"key": "owner", "value": "alice"}, {"key": "x", "value": "y"}',
     '{"key": "owner", "value": "alice"}, {"key": "x", "value": "y"}'),
    ('{"key": "db_host", "value": "h"}, {"key": "db_token", "value": "t"}',
     '{"key": "db_host", "value": "h"}, {"key": "db_token", "value": "***"}'),
    ('{"GCP_Private_Key": "k", "my_credentials": "c", "accessToken": "t", "tokens": 12}',
     '{"GCP_Private_Key": "***", "my_credentials": "***", "accessToken": "***", "tokens": 12}'),
    ('{"query": "alter user x password \'abc\'"}', '{"query": "alter user x password ***"}'),
    ('"ALTER USER x WITH ENCRYPTED PASSWORD \'a\'\'b\' VALID UNTIL \'2030\'"',
     '"ALTER USER x WITH ENCRYPTED PASSWORD *** VALID UNTIL \'2030\'"'),
    ('"CREATE USER u IDENTIFIED BY \'p\'; GRANT"', '"CREATE USER u IDENTIFIED BY ***; GRANT"'),
    ('"create user u identified\\nby \\"p w\\""', '"create user u identified\\nby ***"'),
    ('"CREATE USER u IDENTIFIED WITH mysql_native_password BY \'p\'"',
     '"CREATE USER u IDENTIFIED WITH mysql_native_password BY ***"'),
    ('"SET PASSWORD FOR \'u\'@\'h\' = \'p\'"', '"SET PASSWORD FOR \'u\'@\'h\' = ***"'),
    ('"CREATE SECRET s (TYPE s3, KEY_ID \'AKIA\', SECRET \'k\')"', '"CREATE SECRET s (TYPE s3, KEY_ID \'AKIA\', SECRET ***)"'),
    ('"select * from t where kind = \'password\' and x = \'y\'"',
     '"select * from t where kind = \'password\' and x = \'y\'"'),
    ('"conn: host=h user=u private_key=abc credential=def"', '"conn: host=h user=u private_key=*** credential=***"'),
] %}

with

checks as (
    {%- for input_text, expected in cases %}
        select
            {{ lineage_warehouse.sql_string(input_text) }} as input_text,
            {{ lineage_warehouse.sql_string(expected) }} as expected,
            {{ lineage_warehouse.without_credentials(lineage_warehouse.sql_string(input_text)) }} as actual
        union all
    {%- endfor %}
    select
        cast(null as string) as input_text,
        cast(null as string) as expected,
        {{ lineage_warehouse.without_credentials('cast(null as string)') }} as actual
)

select * from checks
where actual is distinct from expected
