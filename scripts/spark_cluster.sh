#!/usr/bin/env bash
# A Spark standalone cluster on this machine, from the pinned pyspark: a master, two workers and a Spark Thrift
# Server on top, all on 127.0.0.1. dbt's `cluster` target (profiles.yml) connects to the thrift server.
# Usage: scripts/spark_cluster.sh up|down|status
#   up      start what is not running, then wait (bounded) until the thrift server answers a query on the workers
#   down    stop everything this cluster started (executors too) and check nothing is left
#   status  one line per process; exit 0 when all four run, 3 when none of the cluster's processes is left, else 1
# Settings (environment): LINEAGE_CLUSTER_DIR (state: pids, logs, warehouse, metastore; default .spark_cluster),
#   LINEAGE_CLUSTER_MASTER_PORT (17077), LINEAGE_CLUSTER_UI_PORT (18080: master UI; workers' UIs +1, +2),
#   LINEAGE_CLUSTER_THRIFT_PORT (10010), LINEAGE_CLUSTER_WORKER_MEMORY (1g, also each executor's heap),
#   LINEAGE_CLUSTER_DRIVER_MEMORY (1g, the thrift server's heap), LINEAGE_CLUSTER_TIMEOUT (seconds, 240).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -ne 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    [ "$#" -eq 1 ] && exit 0 || exit 2
fi

project=$PWD
state=$(mkdir -p "${LINEAGE_CLUSTER_DIR:-.spark_cluster}" && cd "${LINEAGE_CLUSTER_DIR:-.spark_cluster}" && pwd)
master_port=${LINEAGE_CLUSTER_MASTER_PORT:-17077}
ui_port=${LINEAGE_CLUSTER_UI_PORT:-18080}
thrift_port=${LINEAGE_CLUSTER_THRIFT_PORT:-10010}
worker_memory=${LINEAGE_CLUSTER_WORKER_MEMORY:-1g}
driver_memory=${LINEAGE_CLUSTER_DRIVER_MEMORY:-1g}
timeout_s=${LINEAGE_CLUSTER_TIMEOUT:-240}
python=$project/.venv/bin/python

export SPARK_HOME="$project/.venv/lib/python3.11/site-packages/pyspark"
export SPARK_CONF_DIR="$state/conf"
export SPARK_LOCAL_IP=127.0.0.1
export SPARK_LOCAL_DIRS="$state/local"
export SPARK_DAEMON_MEMORY=256m
export TZ=UTC
# Every process this cluster starts inherits this variable (executors too, from their worker), so `status` and
# `down` find all of them; this script's own environment lacks it.
mark="LINEAGE_CLUSTER_MARK=$state"
# Every JVM of the cluster runs the parallel garbage collector (docs/decisions/spark-parallel-gc.md), with the options
# of LINEAGE_SPARK_JAVA_OPTIONS if set (the test suite's: docs/decisions/spark-test-suite-c1.md): the daemons and the
# thrift server through SPARK_DAEMON_JAVA_OPTS (Spark's
# launcher gives it to the thrift server too), the executors through spark.executor.extraJavaOptions.
gc="-XX:+UseParallelGC${LINEAGE_SPARK_JAVA_OPTIONS:+ $LINEAGE_SPARK_JAVA_OPTIONS}"
# A fixed port that is taken fails the start instead of Spark moving to the next port.
export SPARK_DAEMON_JAVA_OPTS="$gc -Duser.timezone=UTC -Dspark.port.maxRetries=0"
names=(master worker1 worker2 thrift)

log() { echo "spark_cluster: $*" >&2; }
pid_of() { cat "$state/pids/$1.pid" 2>/dev/null || true; }

# Whether pid is a live process of this cluster (a pid file can outlive its process and the pid be reused).
ours() { [ -n "$1" ] && { tr '\0' '\n' <"/proc/$1/environ"; } 2>/dev/null | grep -qxF -- "$mark"; }

# Pids of every live process carrying this cluster's mark (daemons and executors).
marked_pids() {
    local dir pid
    for dir in /proc/[0-9]*; do
        pid=${dir#/proc/}
        if ours "$pid"; then echo "$pid"; fi
    done
}

port_free() {
    "$python" -c 'import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the JVM binds: a closed connection does not count
try:
    s.bind(("127.0.0.1", int(sys.argv[1])))
except OSError:
    sys.exit(1)' "$1"
}

check_ports() {
    local port
    for port in "$master_port" "$ui_port" "$((ui_port + 1))" "$((ui_port + 2))" "$thrift_port"; do
        if ! port_free "$port"; then
            log "port $port on 127.0.0.1 is already in use (by another program or another cluster); free it or" \
                "choose other ports (LINEAGE_CLUSTER_MASTER_PORT, LINEAGE_CLUSTER_UI_PORT, LINEAGE_CLUSTER_THRIFT_PORT)"
            exit 1
        fi
    done
}

# Start one daemon in its own session (so that `down` stops its process group: a worker and its executors).
start() {
    local name=$1
    shift
    env "$mark" setsid "$@" >"$state/logs/$name.log" 2>&1 </dev/null &
    echo "$!" >"$state/pids/$name.pid"
    log "started $name (pid $!, log $state/logs/$name.log)"
}

spark_class() { echo "$SPARK_HOME/bin/spark-class"; }

start_master() {
    # no REST submission server (it would take a fixed port, 6066): nothing here submits over REST
    SPARK_MASTER_OPTS="-Dspark.master.rest.enabled=false" start master "$(spark_class)" org.apache.spark.deploy.master.Master \
        --host 127.0.0.1 --port "$master_port" --webui-port "$ui_port"
}

start_worker() {
    local n=$1
    mkdir -p "$state/work/worker$n"
    start "worker$n" "$(spark_class)" org.apache.spark.deploy.worker.Worker "spark://127.0.0.1:$master_port" \
        --host 127.0.0.1 --port 0 --webui-port "$((ui_port + n))" --cores 1 --memory "$worker_memory" \
        --work-dir "$state/work/worker$n"
}

# The thrift server is the cluster's driver: its settings are what every dbt session over thrift gets
# (docs/decisions/spark-cluster-session-settings.md).
start_thrift() {
    local java_opts="-Duser.timezone=UTC -Dderby.system.home=$state"
    java_opts+=" -Dlog4j2.configurationFile=file:$project/config/spark/log4j2.properties"
    java_opts+=",file:$project/config/spark/log4j2-cluster.properties"
    # the working directory is the project's, so relative event globs mean what they mean for the `spark` target;
    # Spark's launcher sizes the thrift server's heap by SPARK_DAEMON_MEMORY, before --driver-memory
    SPARK_DAEMON_MEMORY=$driver_memory start thrift "$SPARK_HOME/bin/spark-submit" \
        --class org.apache.spark.sql.hive.thriftserver.HiveThriftServer2 \
        --name lineage_warehouse_thrift \
        --master "spark://127.0.0.1:$master_port" \
        --executor-memory "$worker_memory" \
        --conf spark.executor.cores=1 \
        --conf spark.cores.max=2 \
        --conf "spark.driver.extraJavaOptions=$java_opts" \
        --conf "spark.executor.extraJavaOptions=$gc -Duser.timezone=UTC" \
        --conf spark.driver.host=127.0.0.1 \
        --conf spark.driver.bindAddress=127.0.0.1 \
        --conf spark.port.maxRetries=0 \
        --conf spark.ui.enabled=false \
        --conf spark.sql.session.timeZone=UTC \
        --conf spark.sql.ansi.enabled=false \
        --conf spark.sql.sources.partitionOverwriteMode=dynamic \
        --conf spark.sql.shuffle.partitions=4 \
        --conf "spark.sql.warehouse.dir=$state/warehouse" \
        --conf "spark.hadoop.javax.jdo.option.ConnectionURL=jdbc:derby:;databaseName=$state/metastore_db;create=true" \
        spark-internal \
        --hiveconf hive.server2.thrift.bind.host=127.0.0.1 \
        --hiveconf "hive.server2.thrift.port=$thrift_port"
}

# Number of ALIVE workers the master's JSON page lists (0 while it does not answer).
alive_workers() {
    "$python" -c 'import json, sys, urllib.request
try:
    with urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/json/", timeout=5) as answer:
        print(json.load(answer).get("aliveworkers", 0))
except OSError:
    print(0)' "$ui_port"
}

# One query that runs a job on the executors, over thrift; at most `timeout_s` seconds in all.
answers_query() {
    timeout "$1" "$python" -c 'import sys
from pyhive import hive
with hive.connect(host="127.0.0.1", port=int(sys.argv[1]), username="lineage") as connection:
    cursor = connection.cursor()
    cursor.execute("select count(*) from range(0, 1000, 1, 2)")
    assert cursor.fetchall() == [(1000,)]' "$thrift_port" >/dev/null 2>&1
}

# A failed start stops what this `up` started (the logs stay), so nothing is left half running.
started_here=0
give_up() {
    log "$@"
    if [ "$started_here" -eq 1 ]; then
        log "stopping what this start started (logs stay in $state/logs)"
        down >/dev/null 2>&1 || true
    fi
    exit 1
}

# Fail with the log's tail when a started process is gone. A process in the middle of an exec (spark-class's bash
# becoming the JVM) shows an empty environment for an instant, so it is gone only if it still looks so a second later.
check_alive() {
    local name
    for name in "${names[@]}"; do
        if ! ours "$(pid_of "$name")" && ! { sleep 1; ours "$(pid_of "$name")"; }; then
            log "the end of $state/logs/$name.log:"
            tail -n 25 "$state/logs/$name.log" >&2 || true
            give_up "$name stopped while starting (its log's end is above)"
        fi
    done
}

wait_until_ready() {
    local began=$SECONDS left
    log "waiting until two workers have registered and the thrift server on 127.0.0.1:$thrift_port answers" \
        "a query (at most $timeout_s s)"
    while [ "$(alive_workers)" -lt 2 ]; do
        check_alive
        if [ $((SECONDS - began)) -ge "$timeout_s" ]; then
            give_up "timed out after $timeout_s s: the master lists $(alive_workers) alive workers of 2" \
                "(logs in $state/logs)"
        fi
        sleep 2
    done
    while true; do
        check_alive
        left=$((timeout_s - (SECONDS - began)))
        if [ "$left" -le 0 ]; then
            give_up "timed out after $timeout_s s: the thrift server on 127.0.0.1:$thrift_port answers no query" \
                "(log: $state/logs/thrift.log)"
        fi
        if answers_query "$left"; then
            break
        fi
        sleep 2
    done
    log "up in $((SECONDS - began)) s: thrift server 127.0.0.1:$thrift_port, master spark://127.0.0.1:$master_port" \
        "(UI http://127.0.0.1:$ui_port), warehouse $state/warehouse"
}

up() {
    local running=() name
    for name in "${names[@]}"; do
        if ours "$(pid_of "$name")"; then running+=("$name"); fi
    done
    if [ "${#running[@]}" -eq "${#names[@]}" ]; then
        log "already running"
        wait_until_ready
        return
    fi
    if [ "${#running[@]}" -gt 0 ] || [ -n "$(marked_pids)" ]; then
        log "partly running (${running[*]:-executors only}): run \`scripts/spark_cluster.sh down\` first"
        exit 1
    fi
    check_ports
    mkdir -p "$state/pids" "$state/logs" "$state/conf" "$state/local"
    started_here=1
    start_master
    start_worker 1
    start_worker 2
    start_thrift
    wait_until_ready
}

# SIGTERM to a daemon's process group, then SIGKILL after 30 s.
stop() {
    local name=$1 pid
    pid=$(pid_of "$name")
    if ours "$pid"; then
        kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 60); do
            ours "$pid" || break
            sleep 0.5
        done
        if ours "$pid"; then
            log "$name (pid $pid) did not stop within 30 s: killing it"
            kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
        fi
        log "stopped $name"
    fi
    rm -f "$state/pids/$name.pid"
}

down() {
    local name pid left
    for name in thrift worker1 worker2 master; do
        stop "$name"
    done
    for _ in $(seq 20); do
        left=$(marked_pids)
        [ -z "$left" ] && break
        sleep 0.5
    done
    for pid in $left; do
        log "killing a process of this cluster that outlived its daemon (pid $pid)"
        kill -KILL "$pid" 2>/dev/null || true
    done
    sleep 0.5
    if [ -n "$(marked_pids)" ]; then
        log "still running after down: $(marked_pids | tr '\n' ' ')"
        exit 1
    fi
    log "down: nothing of this cluster is running"
}

status() {
    local name pid up_count=0 others
    for name in "${names[@]}"; do
        pid=$(pid_of "$name")
        if ours "$pid"; then
            echo "$name: running (pid $pid)"
            up_count=$((up_count + 1))
        else
            echo "$name: stopped"
        fi
    done
    others=$(marked_pids | wc -l)
    echo "processes of this cluster (daemons and executors): $others"
    echo "thrift server: 127.0.0.1:$thrift_port; master: spark://127.0.0.1:$master_port; state: $state"
    if [ "$up_count" -eq "${#names[@]}" ]; then return 0; fi
    if [ "$others" -eq 0 ]; then return 3; fi
    return 1
}

case "$1" in
    up) up ;;
    down) down ;;
    status) status ;;
    *) log "unknown command '$1' (up, down or status)"; exit 2 ;;
esac
