const ICONS = [
  // globe
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 9h-3a15.6 15.6 0 0 0-1.3-6 8 8 0 0 1 4.3 6ZM12 4.1c.9 1.2 1.8 3.6 2 6.9H10c.2-3.3 1.1-5.7 2-6.9ZM9.4 5a15.6 15.6 0 0 0-1.3 6h-3a8 8 0 0 1 4.3-6Zm-4.3 8h3a15.6 15.6 0 0 0 1.3 6 8 8 0 0 1-4.3-6Zm6.9 6.9c-.9-1.2-1.8-3.6-2-6.9h4c-.2 3.3-1.1 5.7-2 6.9Zm2.6-.9a15.6 15.6 0 0 0 1.3-6h3a8 8 0 0 1-4.3 6Z',
  // box
  'M12 2 3 6.5v11L12 22l9-4.5v-11L12 2Zm0 2.2 6.3 3.2L12 10.5 5.7 7.4 12 4.2ZM5 9l6 3v7.7l-6-3V9Zm8 10.7V12l6-3v7.7l-6 3Z',
  // people
  'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0-6a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm8 6a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm0-4a1 1 0 1 1 0 2 1 1 0 0 1 0-2ZM9 13c-3.3 0-7 1.6-7 4.5V20h14v-2.5C16 14.6 12.3 13 9 13Zm-5 5v-.5c0-1 2.3-2.5 5-2.5s5 1.5 5 2.5v.5H4Zm13-4.9c1.7.4 5 1.3 5 3.4V20h-4v-2h2v-.5c0-.5-1.2-1.3-3.3-1.8L17 13.1Z',
];

/** The company's numbers, on cards that overlap the hero. */
export function StatsBand({ stats }: { stats: readonly { value: string; label: string }[] }) {
  return (
    <section
      aria-label="Toolyard in numbers"
      className="relative z-10 mx-auto -mt-12 max-w-7xl px-4 sm:px-6 lg:px-8"
    >
      <ul className="grid gap-4 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-stone-200 sm:grid-cols-3 sm:gap-0 sm:divide-x sm:divide-stone-200 sm:p-6">
        {stats.map((stat, index) => (
          <li
            key={stat.label}
            className="flex items-center gap-4 px-2 sm:flex-col sm:gap-2 sm:px-4 sm:text-center lg:flex-row lg:justify-center lg:gap-4 lg:px-6 lg:text-left"
          >
            <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-orange-100 text-orange-700">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="currentColor">
                <path d={ICONS[index % ICONS.length]} />
              </svg>
            </span>
            <p className="flex flex-col">
              <span className="text-2xl font-extrabold tracking-tight whitespace-nowrap text-navy-900 sm:text-3xl">
                {stat.value}
              </span>
              <span className="text-sm text-stone-600">{stat.label}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
