# Plots of the benchmark: gnuplot -e "dir='build/bench'" harness/bench.gp
set terminal png size 1200,480
set output dir.'/bench.png'
set multiplot layout 1,2
set title 'getppid cost against cgroup depth (-icount: instructions)'
set xlabel 'depth of the restricted cgroup (0: root)'
set ylabel 'guest instructions per call'
set key bottom right
set xtics (0, 1, 8, 32)
set yrange [0:*]
plot dir.'/depth.dat' using 1:2 with linespoints title '=n kernel', \
     ''              using 1:3 with linespoints title 'syscalls controller, restricted', \
     ''              using 1:4 with linespoints title 'seccomp, cached filter'
set title 'one write to syscalls.deny against tasks in the subtree'
set xlabel 'tasks (threads and sleeping processes)'
set ylabel 'guest ns (instructions)'
set logscale xy
set xtics auto
set yrange [*:*]
set key top left
plot dir.'/write.dat' using 1:2 with linespoints title 'unrestricted -> restricted', \
     ''              using 1:3 with linespoints title 'already restricted'
unset multiplot
