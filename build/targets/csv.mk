# csv: CSV through libcsv (build/lib-libcsv.sh).
LIB_csv := libcsv
