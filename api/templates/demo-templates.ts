// The demo company's templates, written as API input so the seed stores only what the API accepts: two
// onboarding templates (Engineering with preboarding and tasks for HR, the buddy and the manager) and an offboarding one.
import type { TemplateInputRaw } from '../../shared/templates.ts';

export const ENGINEERING_TEMPLATE: TemplateInputRaw = {
  title: 'Engineering Onboarding',
  description: 'Everything a new engineer needs to ship their first change with confidence in the first 90 days.',
  duration: 90,
  isActive: true,
  sections: [
    {
      title: 'Before day 1: Get ready',
      description: 'What the team does so that everything works on the first morning.',
      dayStart: -14,
      dayEnd: -1,
      tasks: [
        {
          title: 'Order a laptop for {{first_name}}',
          description: 'Order it at least ten days before {{start_date}} so it arrives set up.',
          type: 'checklist',
          assigneeKind: 'hr',
          checklistItems: [
            { id: 'eng-pre-1', text: 'Order a MacBook Pro with 32 GB of memory' },
            { id: 'eng-pre-2', text: 'Create the Google Workspace and Slack accounts' },
            { id: 'eng-pre-3', text: 'Add them to the GitHub organisation' },
          ],
        },
        {
          title: 'Say hello before day 1',
          description: 'Send {{first_name}} a short note: who you are, when to arrive, where to find you on {{start_date}}.',
          type: 'checklist',
          assigneeKind: 'buddy',
        },
      ],
    },
    {
      title: 'Week 1: Welcome and setup',
      description: 'Accounts, tools and the people you will work with every day.',
      dayStart: 1,
      dayEnd: 7,
      tasks: [
        {
          title: 'Set up your development laptop',
          description: 'Work through the list; ask in #eng-help if anything is stuck for more than 30 minutes.',
          type: 'checklist',
          checklistItems: [
            { id: 'eng-setup-1', text: 'Sign in to Google Workspace and Slack' },
            { id: 'eng-setup-2', text: 'Enable two-factor authentication on GitHub' },
            { id: 'eng-setup-3', text: 'Install Node.js 20 and Docker Desktop' },
            { id: 'eng-setup-4', text: 'Clone the monorepo and run the test suite' },
          ],
        },
        {
          title: 'Watch: How we build at Lanka Labs',
          description: 'A 20-minute tour of our architecture and release process.',
          type: 'resource',
          resourceUrl: 'https://handbook.lankalabs.example/engineering',
          videoUrl: 'https://www.youtube.com/watch?v=8pDqJVdNa44',
          videoTitle: 'How we build at Lanka Labs',
          attachments: [
            { id: 'eng-att-1', type: 'document', url: 'https://handbook.lankalabs.example/files/architecture-overview.pdf', name: 'Architecture overview.pdf', size: 2_457_600 },
            { id: 'eng-att-2', type: 'image', url: 'https://handbook.lankalabs.example/files/service-map.png', name: 'Service map.png', size: 512_000 },
          ],
        },
        {
          title: 'Meet your onboarding buddy',
          description: 'Your buddy answers the questions you would rather not ask in a channel.',
          type: 'introduction',
          personName: 'Ravi Gunawardena',
          personRole: 'Senior Software Engineer',
          personPhoto: 'https://i.pravatar.cc/300?img=12',
        },
        {
          title: 'Book the first 1:1 with {{first_name}}',
          description: 'Thirty minutes in the first week: expectations, the first 30 days, questions.',
          type: 'meeting',
          assigneeKind: 'manager',
          meetingTitle: 'First 1:1',
        },
      ],
    },
    {
      title: 'Weeks 2-4: First contributions',
      description: 'Small, real changes that teach you the codebase.',
      dayStart: 8,
      dayEnd: 30,
      tasks: [
        {
          title: 'Architecture walkthrough',
          description: 'A guided session through the services you will own.',
          type: 'meeting',
          meetingTitle: 'Architecture walkthrough with the platform team',
          meetingDate: '2026-02-10T04:30:00.000Z',
          meetingAttendees: ['Ravi Gunawardena', 'Amara Perera', 'Ishara De Silva'],
        },
        {
          title: 'Ship your first pull request',
          type: 'checklist',
          checklistItems: [
            { id: 'eng-pr-1', text: 'Pick a "good first issue" from the board' },
            { id: 'eng-pr-2', text: 'Open a pull request with tests' },
            { id: 'eng-pr-3', text: 'Get two approvals and merge' },
          ],
        },
        {
          title: 'Read the code review guide',
          type: 'resource',
          resourceUrl: 'https://handbook.lankalabs.example/engineering/code-review',
        },
        {
          title: 'Agree on 30-day goals with {{first_name}}',
          type: 'checklist',
          assigneeKind: 'manager',
        },
      ],
    },
    {
      title: 'Months 2-3: Ownership',
      description: 'Take on a feature end to end and join the on-call rotation.',
      dayStart: 31,
      dayEnd: 90,
      tasks: [
        {
          title: 'Meet the product manager for your area',
          type: 'introduction',
          personName: 'Ishara De Silva',
          personRole: 'Product Manager',
          personPhoto: 'https://i.pravatar.cc/300?img=47',
        },
        {
          title: 'Shadow an on-call shift',
          description: 'Shown a week before this part starts, so the first weeks stay about the basics.',
          releaseDaysBefore: 7,
          type: 'meeting',
          meetingTitle: 'On-call handover',
          meetingDate: '2026-03-16T03:30:00.000Z',
          meetingAttendees: ['Ravi Gunawardena', 'On-call engineer'],
        },
        {
          title: '90-day review',
          type: 'meeting',
          meetingTitle: '90-day review with your manager',
          meetingDate: '2026-04-20T05:00:00.000Z',
          meetingAttendees: ['Amara Perera'],
        },
      ],
    },
  ],
};

export const SALES_TEMPLATE: TemplateInputRaw = {
  title: 'Sales Onboarding',
  description: 'From product basics to your first closed deal in 60 days.',
  duration: 60,
  isActive: true,
  sections: [
    {
      title: 'Week 1: Know the product',
      description: 'What we sell, to whom, and why they buy.',
      dayStart: 1,
      dayEnd: 7,
      tasks: [
        {
          title: 'Watch the product demo',
          type: 'resource',
          resourceUrl: 'https://handbook.lankalabs.example/sales/product',
          videoUrl: 'https://www.youtube.com/watch?v=jNQXAC9IVRw',
          videoTitle: 'Kickoff product demo',
          attachments: [{ id: 'sales-att-1', type: 'document', url: 'https://handbook.lankalabs.example/files/pricing-2026.pdf', name: 'Pricing 2026.pdf', size: 1_048_576 }],
        },
        {
          title: 'Get your sales tools ready',
          type: 'checklist',
          checklistItems: [
            { id: 'sales-tools-1', text: 'Sign in to the CRM' },
            { id: 'sales-tools-2', text: 'Connect your calendar to the scheduling link' },
            { id: 'sales-tools-3', text: 'Add your email signature' },
          ],
        },
        {
          title: 'Meet your sales lead',
          type: 'introduction',
          personName: 'Nimal Fernando',
          personRole: 'Head of Sales',
          personPhoto: 'https://i.pravatar.cc/300?img=33',
        },
      ],
    },
    {
      title: 'Weeks 2-3: Shadowing',
      dayStart: 8,
      dayEnd: 21,
      tasks: [
        {
          title: 'Shadow discovery calls',
          type: 'meeting',
          meetingTitle: 'Discovery call shadowing',
          meetingDate: '2026-02-12T06:00:00.000Z',
          meetingAttendees: ['Nimal Fernando', 'Tharindu Bandara'],
        },
        {
          title: 'Meet your account executive partner',
          type: 'introduction',
          personName: 'Tharindu Bandara',
          personRole: 'Account Executive',
          personPhoto: 'https://i.pravatar.cc/300?img=15',
        },
      ],
    },
    {
      title: 'Weeks 4-8: First pipeline',
      description: 'Run your own calls with a safety net.',
      dayStart: 22,
      dayEnd: 60,
      tasks: [
        {
          title: 'Build your first pipeline',
          type: 'checklist',
          checklistItems: [
            { id: 'sales-pipe-1', text: 'Qualify ten leads' },
            { id: 'sales-pipe-2', text: 'Run three discovery calls' },
            { id: 'sales-pipe-3', text: 'Send your first proposal' },
          ],
        },
        {
          title: 'Pipeline review',
          type: 'meeting',
          meetingTitle: 'Weekly pipeline review',
          meetingDate: '2026-03-05T08:30:00.000Z',
          meetingAttendees: ['Nimal Fernando'],
        },
      ],
    },
  ],
};

/** An offboarding: the leaving person hands over; HR and the manager close accounts and collect hardware. */
export const OFFBOARDING_TEMPLATE: TemplateInputRaw = {
  title: 'Offboarding',
  description: 'A clean goodbye: handover, hardware back, access closed, and an exit interview.',
  duration: 14,
  isActive: true,
  kind: 'offboarding',
  businessDays: true,
  sections: [
    {
      title: 'Handover',
      description: 'What only you know, written down for the team.',
      dayStart: 1,
      dayEnd: 10,
      tasks: [
        {
          title: 'Write your handover notes',
          description: 'Open work, owners, passwords that live in the vault (never in the notes).',
          type: 'resource',
          resourceUrl: 'https://handbook.lankalabs.example/people/handover',
        },
        {
          title: 'Exit interview with {{first_name}}',
          type: 'meeting',
          assigneeKind: 'hr',
          meetingTitle: 'Exit interview',
        },
        {
          title: 'Exit survey',
          description: 'Five minutes that shape how we onboard the next person. HR reads every answer.',
          type: 'form',
          formQuestions: [
            {
              id: 'off-survey-reason',
              kind: 'single_choice',
              label: 'The main reason you are leaving',
              required: true,
              options: ['A new role elsewhere', 'Pay and benefits', 'Relocation', 'Team or manager', 'Something else'],
            },
            { id: 'off-survey-onboarding', kind: 'yes_no', label: 'Did your onboarding prepare you for the role?', required: true },
            { id: 'off-survey-last-day', kind: 'date', label: 'Your last working day' },
            { id: 'off-survey-better', kind: 'long_text', label: 'What should we do better?', help: 'Anything: tools, process, people.' },
          ],
        },
        {
          title: 'Confirm your confidentiality obligations',
          type: 'acknowledgement',
          policyText: [
            'Confidentiality after you leave',
            '',
            'Customer data, source code, prices and plans you learned at Lanka Labs stay confidential after your last day.',
            'Return or delete every copy of company documents on personal devices before you leave.',
            'Questions go to people@lankalabs.example.',
          ].join('\n'),
        },
      ],
    },
    {
      title: 'Last days',
      dayStart: 11,
      dayEnd: 14,
      tasks: [
        {
          title: 'Return your hardware',
          type: 'checklist',
          checklistItems: [
            { id: 'off-hw-1', text: 'Laptop and charger' },
            { id: 'off-hw-2', text: 'Badge and keys' },
          ],
        },
        {
          title: 'Upload your signed exit checklist',
          description: 'Sign the checklist IT hands you with your laptop, then upload a scan or a photo of it.',
          type: 'upload',
          uploadKinds: ['pdf', 'image'],
        },
        {
          title: 'Revoke access for {{first_name}} {{last_name}}',
          description: 'On the last day, after the handover: Google Workspace, Slack, GitHub, the VPN.',
          type: 'checklist',
          assigneeKind: 'hr',
        },
        {
          title: 'Say goodbye to {{first_name}} with the team',
          type: 'checklist',
          assigneeKind: 'manager',
        },
      ],
    },
  ],
};
