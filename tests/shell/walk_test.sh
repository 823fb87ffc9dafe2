# validate --recursive walks the whole tree: a folder it cannot read is
# reported (exit status 2) and the folders after it are still checked; an
# unreadable top folder is reported, never "0 files". Folders are made
# unreadable with chmod, so the checks run as an unprivileged user (root
# reads every folder): as nobody through setpriv when run as root.
source "$(dirname "$0")/lib.sh"
cd "$scratch"
chmod 755 "$scratch"

as_user=()
if [ "$(id -u)" -eq 0 ]; then
  command -v setpriv >/dev/null || skip "setpriv (util-linux) is needed to drop root's right to read any folder"
  as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  "${as_user[@]}" test -x "$GAMEREC" || skip "the user nobody cannot run $GAMEREC (its folders are closed to others)"
fi

mkdir -p tree/a tree/b/inner tree/c tree/d
cp "$SRC/samples/kalah/valid/three-seeds.kalah" tree/a/
cp "$SRC/samples/kalah/valid/three-seeds.kalah" tree/b/inner/hidden.kalah
cp "$SRC/samples/chess/invalid/ambiguous.chess" tree/c/
cp "$SRC/samples/kalah/valid/three-seeds.kalah" tree/d/listed-only.kalah
chmod -R a+rX tree
chmod 000 tree/b   # cannot be listed
chmod 444 tree/d   # listed, but what is in it cannot be reached

for jobs in 1 2; do
  status=0
  "${as_user[@]}" "$GAMEREC" validate --jobs $jobs -r tree > out.txt 2>&1 || status=$?
  expect_equal "an unreadable folder in the walk (--jobs $jobs): status" 2 "$status"
  grep -q "^tree/b: error\[io\]: cannot open: Permission denied$" out.txt ||
    fail "the unreadable folder is not reported: $(cat out.txt)"
  grep -q "^tree/c/ambiguous.chess:5:1: error\[ambiguous\]" out.txt ||
    fail "the folder after the unreadable one was not checked: $(cat out.txt)"
  grep -q "^tree/d/listed-only.kalah: error\[io\]: cannot open: Permission denied$" out.txt ||
    fail "a record that cannot be reached is not reported: $(cat out.txt)"
  expect_equal "the summary (--jobs $jobs)" "4 files: 1 valid, 1 invalid, 2 not checked" "$(tail -n 1 out.txt)"
done

status=0
"${as_user[@]}" "$GAMEREC" validate -r tree/b > out.txt 2>&1 || status=$?
expect_equal "an unreadable top folder: status" 2 "$status"
expect_equal "an unreadable top folder" "tree/b: error[io]: cannot open: Permission denied
1 file: 0 valid, 0 invalid, 1 not checked" "$(cat out.txt)"
chmod -R u+rwX tree
