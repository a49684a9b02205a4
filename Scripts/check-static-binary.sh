#!/usr/bin/env bash
# Fails unless a binary is fully static and can reach none of the libc calls
# that need NSS or dlopen at run time in a statically linked glibc program
# (DECISIONS.md, "A fully static executable").
#   - no program interpreter (PT_INTERP) and no NEEDED entry: the kernel runs it
#     as it is, with no dynamic loader and no shared library;
#   - none of the NSS, resolver or iconv entry points is linked in: a static
#     glibc would dlopen libnss_*.so or gconv modules of the build machine's
#     glibc version for them. Each sits in an object file of its own in libc.a,
#     so it is linked only when something calls it. (setlocale is not listed:
#     its object file comes in with glibc's locale data whether or not anything
#     calls it; no code in the binary does, see DECISIONS.md.)
# Needs only binutils (readelf, nm), which the toolchain's linker comes with.
# Usage: bash Scripts/check-static-binary.sh PATH-TO-BINARY
set -euo pipefail
binary="${1:?usage: check-static-binary.sh BINARY}"
failed=0

if readelf --program-headers --wide "$binary" | grep -q 'INTERP'; then
  echo "FAIL: $binary has a program interpreter (it is dynamically linked):"
  readelf --program-headers --wide "$binary" | grep -A1 'INTERP'
  failed=1
fi
needed="$(readelf --dynamic --wide "$binary" | grep '(NEEDED)' || true)"
if [ -n "$needed" ]; then
  echo "FAIL: $binary needs shared libraries:"
  echo "$needed"
  failed=1
fi

# The entry points, as glibc names them; a static link brings in what is called.
calls='getpwnam|getpwnam_r|getpwuid|getpwuid_r|getpwent|getgrnam|getgrnam_r|getgrgid|getgrgid_r|getgrouplist|initgroups'
calls+='|getlogin|getlogin_r|getspnam|getaddrinfo|getnameinfo|gethostbyname|gethostbyname2|gethostbyname_r|gethostbyaddr'
calls+='|getservbyname|getprotobyname|iconv_open|catopen'
linked="$(nm "$binary" | awk '$2 ~ /^[TtWw]$/ { print $3 }' | grep -xE "$calls" || true)"
if [ -n "$linked" ]; then
  echo "FAIL: $binary links libc calls that need NSS or dlopen at run time:"
  echo "$linked"
  failed=1
fi

[ "$failed" -eq 0 ] || exit 1
echo "ok: $binary is statically linked (no interpreter, no NEEDED entry) and links none of the NSS or iconv calls"
