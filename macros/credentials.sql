{#- D6: credentials live only in raw (docs/rules.md D6, docs/decisions/sensitive-key-names.md).
    without_credentials(text) is applied once, to the text of every event record (stg_event_records), before
    anything parses it: every column of every layer after raw is read from the cleaned text, so no model needs
    its own rule. The text is JSON (or, for a record that is not, any text): each pattern stays inside one JSON
    string or one JSON object (it stops at '"' and at whitespace; a backslash escape such as \" or \n is part of
    the string).
    - userinfo of a URL, 'scheme://user:password@' or 'scheme://user@' -> 'scheme://': the password may hold
      '/', '?', '#', ':', '@' or an escaped newline or quote; the last '@' before the string or word ends ends
      it. For abfs, abfss, wasb and wasbs a 'container@' without a password is kept (it is the container);
    - 'user:password@' at the start of a namespace without a scheme -> '';
    - '<name>=...' parameters, <name> one of sensitive_key_names() or 'sig' (SQL Server ';password=', URL
      queries, SQL text), any case: the value -> '***';
    - a SQL literal ('...' or \"...\") after PASSWORD, PASSWORD FOR <user> =, IDENTIFIED BY, IDENTIFIED WITH
      <plugin> BY / AS, or SECRET, any case, separated by whitespace or an escaped newline or tab: the literal,
      quotes included, -> '***' (as the value of a 'password=' parameter);
    - a JSON member whose key holds a sensitive name (any case, anywhere in the key) and whose value is a string:
      the value -> '***';
    - a key/value pair, an object with a "key" member holding a sensitive name and a string "value" member (a tag
      of a tags facet), in either order with other scalar members between: the value -> '***'.
    A text without '@' and without any of those words is returned as it is, unread by the patterns (one scan
    instead of six: most events hold neither; macros/cross_db/contains_any.sql). -#}
{% macro without_credentials(text) -%}
    {%- set names = lineage_warehouse.sensitive_key_names() | join('|') -%}
    {%- set json_string_rest = '[^"\\\\]*(?:\\\\.[^"\\\\]*)*"' -%}
    {%- set sensitive_key = '"[^"\\\\]*(?i:' ~ names ~ ')[^"\\\\]*"' -%}
    {%- set other_members -%}
(?:\s*,\s*"[^"\\]*"\s*:\s*(?:"[^"\\]*(?:\\.[^"\\]*)*"|[-+.0-9A-Za-z]+))*?\s*,\s*
    {%- endset -%}
    {%- set url_userinfo -%}
((?i:abfss?|wasbs?)://[^@"\s/\\:]*@)|([A-Za-z][A-Za-z0-9+.-]*://)[^@"\s/\\:]*(?::[^"\s\\]*(?:\\.[^"\s\\]*)*)?@
    {%- endset -%}
    {%- set namespace_userinfo -%}
("namespace"\s*:\s*")[^@"\s/\\:]*:[^"\s\\/@][^"\s\\]*(?:\\.[^"\s\\]*)*@
    {%- endset -%}
    {%- set secret_parameter -%}
(?i)((?:{{ names }}|sig)\s*=\s*)(?:'[^'"\\]*'|[^;&"\s\\]*(?:\\.[^;&"\s\\]*)*)
    {%- endset -%}
    {%- set gap = '(?:\\s|\\\\[nrt])' -%}
    {%- set sql_secret_literal -%}
(?i)((?:password(?:{{ gap }}+for{{ gap }}+[^\s"=\\]+)?|identified(?:{{ gap }}+with{{ gap }}+[A-Za-z0-9_]+)?{{ gap }}+(?:by|as)|secret)(?:{{ gap }}+|{{ gap }}*={{ gap }}*))(?:'[^'"\\]*(?:(?:''|\\.)[^'"\\]*)*'|\\"[^"\\]*(?:\\[^"][^"\\]*)*\\")
    {%- endset -%}
    {%- set secret_member = '(' ~ sensitive_key ~ '\\s*:\\s*")' ~ json_string_rest -%}
    {%- set secret_pair_value = '("key"\\s*:\\s*' ~ sensitive_key ~ other_members | trim ~ '"value"\\s*:\\s*")'
        ~ json_string_rest -%}
    {%- set secret_value_pair = '("value"\\s*:\\s*")[^"\\\\]*(?:\\\\.[^"\\\\]*)*("' ~ other_members | trim
        ~ '"key"\\s*:\\s*' ~ sensitive_key ~ ')' -%}
    {%- set cleaned = lineage_warehouse.regex_replace_all(text, url_userinfo | trim, '\\1\\2') -%}
    {%- set cleaned = lineage_warehouse.regex_replace_all(cleaned, namespace_userinfo | trim, '\\1') -%}
    {%- set cleaned = lineage_warehouse.regex_replace_all(cleaned, secret_parameter | trim, '\\1***') -%}
    {%- set cleaned = lineage_warehouse.regex_replace_all(cleaned, sql_secret_literal | trim, '\\1***') -%}
    {%- set cleaned = lineage_warehouse.regex_replace_all(cleaned, secret_member, '\\1***"') -%}
    {%- set cleaned = lineage_warehouse.regex_replace_all(cleaned, secret_pair_value, '\\1***"') -%}
    {%- set cleaned = lineage_warehouse.regex_replace_all(cleaned, secret_value_pair, '\\1***\\2') -%}
    case
        when {{ lineage_warehouse.contains_any(text, ['@'],
            lineage_warehouse.sensitive_key_names() + ['sig', 'identified']) }} then {{ cleaned }}
        else {{ text }}
    end
{%- endmacro %}

{#- The sensitive key names of D6 (docs/rules.md D6), the one list every credential pattern reads: Airflow's
    secrets-masker names and the parameter names of connection strings. A key is sensitive when it holds one of
    them anywhere, in any letter case ('db_password', 'X-Api-Key' is not: 'api-key' is no name; 'AWS_SECRET' is).
    Lower-case letters and '_' only: each is a plain word inside the regular expressions. -#}
{% macro sensitive_key_names() -%}
    {{ return(['password', 'passwd', 'pwd', 'secret', 'token', 'api_key', 'apikey', 'access_key', 'accesskey',
               'access_token', 'authorization', 'private_key', 'credential']) }}
{%- endmacro %}
