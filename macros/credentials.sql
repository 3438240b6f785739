{#- D6: credentials live only in raw (docs/decisions/credentials-removed.md).
    without_credentials(text) is applied once, to the text of every event record (stg_event_records), before
    anything parses it: every column of every layer after raw is read from the cleaned text, so no model needs
    its own rule. The text is JSON (or, for a record that is not, any text): each pattern stays inside one JSON
    string (it stops at '"' and at whitespace; a backslash escape such as \" or \n is part of the string).
    - userinfo of a URL, 'scheme://user:password@' or 'scheme://user@' -> 'scheme://': the password may hold
      '/', '?', '#', ':', '@' or an escaped newline or quote; the last '@' before the string or word ends ends
      it. For abfs, abfss, wasb and wasbs a 'container@' without a password is kept (it is the container);
    - 'user:password@' at the start of a namespace without a scheme -> '';
    - 'password=...', 'pwd=', 'passwd=', 'secret=', 'token=', 'apikey=' / 'api_key=', 'access_key=', 'sig='
      parameters (SQL Server ';password=', URL queries, SQL text), any case: the value -> '***';
    - a JSON string value whose key names a password, secret, token or key of that kind -> '***'.
    A text without '@' and without any of those words is returned as it is, unread by the four patterns (one
    scan instead of four: most events hold neither; macros/cross_db/contains_any.sql). -#}
{% macro without_credentials(text) -%}
    {%- set secret_word_list = ['password', 'passwd', 'pwd', 'secret', 'token', 'api_?key', 'access_?key'] -%}
    {%- set secret_words = secret_word_list | join('|') -%}
    {%- set url_userinfo -%}
((?i:abfss?|wasbs?)://[^@"\s/\\:]*@)|([A-Za-z][A-Za-z0-9+.-]*://)[^@"\s/\\:]*(?::[^"\s\\]*(?:\\.[^"\s\\]*)*)?@
    {%- endset -%}
    {%- set namespace_userinfo -%}
("namespace"\s*:\s*")[^@"\s/\\:]*:[^"\s\\/@][^"\s\\]*(?:\\.[^"\s\\]*)*@
    {%- endset -%}
    {%- set secret_parameter -%}
(?i)((?:{{ secret_words }}|sig)\s*=\s*)(?:'[^'"\\]*'|[^;&"\s\\]*(?:\\.[^;&"\s\\]*)*)
    {%- endset -%}
    {%- set secret_key_value -%}
("[^"\\]*(?i:{{ secret_words }})[^"\\]*"\s*:\s*")[^"\\]*(?:\\.[^"\\]*)*"
    {%- endset -%}
    {%- set cleaned = lineage_warehouse.regex_replace_all(text, url_userinfo | trim, '\\1\\2') -%}
    {%- set cleaned = lineage_warehouse.regex_replace_all(cleaned, namespace_userinfo | trim, '\\1') -%}
    {%- set cleaned = lineage_warehouse.regex_replace_all(cleaned, secret_parameter | trim, '\\1***') -%}
    {%- set cleaned = lineage_warehouse.regex_replace_all(cleaned, secret_key_value | trim, '\\1***"') -%}
    case
        when {{ lineage_warehouse.contains_any(text, ['@'], secret_word_list + ['sig']) }} then {{ cleaned }}
        else {{ text }}
    end
{%- endmacro %}
