#!/usr/bin/env bash
# Makes sure MariaDB and Redis answer on 127.0.0.1, starting them when they are installed but down.
set -euo pipefail

mariadb_up() { mysqladmin --protocol=tcp -h 127.0.0.1 -u root status >/dev/null 2>&1 || mariadb-admin --protocol=tcp -h 127.0.0.1 -u root status >/dev/null 2>&1; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

if ! mariadb_up; then
  if [ -x /usr/sbin/mariadbd ]; then
    echo "starting MariaDB" >&2
    mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld
    start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd -- --user=mysql
    for _ in $(seq 1 60); do mariadb_up && break; sleep 1; done
  fi
  mariadb_up || { echo "MariaDB is not answering on 127.0.0.1:3306" >&2; exit 1; }
fi

if ! redis_up; then
  if command -v redis-server >/dev/null; then
    echo "starting Redis" >&2
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
    for _ in $(seq 1 30); do redis_up && break; sleep 1; done
  fi
  redis_up || { echo "Redis is not answering on 127.0.0.1:6379" >&2; exit 1; }
fi
