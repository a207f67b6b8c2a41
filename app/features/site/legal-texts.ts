// The legal pages as data (spec section 2): one entry per section, rendered by LegalPage.
// `{email}` in a paragraph becomes the business-inquiries address from /api/public-config.
import { PLAN_CATALOGUE, YEARLY_DISCOUNT_PERCENT } from '../../../shared/catalogue.ts';
import { GOVERNING_LAW, MINIMUM_AGE, REFUND_FACTS as R } from '../../../shared/site.ts';

export type LegalBlock = string | { list: string[] };
export type LegalSection = { id: string; title: string; body: LegalBlock[] };
export type LegalDocument = { title: string; description: string; intro: string; sections: LegalSection[] };

const paidPlans = `${PLAN_CATALOGUE.growth.name} and ${PLAN_CATALOGUE.business.name}`;

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  description: 'The terms that apply when you or your company use Kickoff, the team-onboarding app.',
  intro:
    'These terms are an agreement between you and Kickoff. Please read them carefully: they explain what you can expect from us and what we expect from you when your company runs its onboarding on Kickoff.',
  sections: [
    {
      id: 'acceptance',
      title: 'Acceptance of these terms',
      body: [
        'By creating an account, accepting an invitation or otherwise using Kickoff, you agree to these Terms of Service and to our Privacy Policy and Refund Policy. If you use Kickoff on behalf of a company, you confirm that you may bind that company to these terms.',
        'If you do not agree, do not use the service.',
      ],
    },
    {
      id: 'service',
      title: 'Description of the service',
      body: [
        'Kickoff is a web application, installable on phones and computers, that helps companies onboard new team members. It lets you:',
        {
          list: [
            'build onboarding templates made of sections and tasks (checklists, resources, introductions and meetings);',
            'invite administrators, managers and new hires to your company workspace;',
            'assign onboarding plans and follow each new hire\u2019s progress;',
            'exchange messages between a new hire and their manager about a plan;',
            'keep working on tasks without a connection, with changes synced when the device is back online.',
          ],
        },
        'We may improve, change or add features over time. We will tell you in advance about changes that take away something you rely on.',
      ],
    },
    {
      id: 'accounts',
      title: 'Accounts and security',
      body: [
        'You must give accurate information when you sign up and keep it current. You are responsible for keeping your password confidential and for everything done with your account.',
        'Company administrators control their workspace: they invite and remove people, assign roles and manage the subscription. Tell us straight away at {email} if you suspect someone has used your account without permission.',
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: [
        'You agree not to:',
        {
          list: [
            'break any law, or infringe anyone\u2019s rights, through the service;',
            'upload or link to malware, or content that is unlawful, harassing or discriminatory;',
            'try to access another company\u2019s data, or probe, scan or overload our systems;',
            'resell the service or copy it to build a competing product;',
            'send invitations to people who have not agreed to receive them.',
          ],
        },
        'We may suspend an account that breaks these rules, after notice where the situation allows it.',
      ],
    },
    {
      id: 'payment',
      title: 'Payment terms',
      body: [
        `The ${PLAN_CATALOGUE.starter.name} plan is free. The ${paidPlans} plans are billed in advance, monthly or yearly (yearly billing carries a ${YEARLY_DISCOUNT_PERCENT}% discount), in US dollars or Sri Lankan rupees, through our payment provider PayHere.`,
        'Subscriptions renew automatically at the end of each period until cancelled. You can cancel at any time; your plan stays active until the end of the period you paid for. Prices may change with at least 30 days\u2019 notice before your next renewal. Refunds follow our Refund Policy.',
      ],
    },
    {
      id: 'privacy',
      title: 'Privacy',
      body: [
        'Our Privacy Policy explains what personal information we collect, why, and the choices you have. Your company is responsible for having a lawful basis to add its people to Kickoff; we process that information on your company\u2019s behalf.',
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      body: [
        'Your content stays yours. Templates, tasks, messages and files your company adds belong to your company; you give us only the permission needed to store, display and process them to run the service.',
        'Kickoff\u2019s software, design, name and logo belong to us. These terms give you no rights to them beyond using the service.',
      ],
    },
    {
      id: 'availability',
      title: 'Service availability',
      body: [
        'We work to keep Kickoff available at all times, but we do not guarantee uninterrupted service. Maintenance, updates or events outside our control can cause interruptions. Work done offline in the app is kept on the device and synced when the service is reachable again.',
      ],
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: [
        'Kickoff is provided \u201cas is\u201d. To the extent the law allows, we are not liable for indirect, incidental, special or consequential damages, or for lost profits, revenue or data.',
        'Our total liability for any claim about the service is limited to the amount you paid us in the 12 months before the claim arose. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      id: 'indemnification',
      title: 'Indemnification',
      body: [
        'You agree to defend and indemnify Kickoff against claims, losses and costs (including reasonable legal fees) that arise from your content, your use of the service in breach of these terms, or your breach of any law or third party\u2019s rights.',
      ],
    },
    {
      id: 'termination',
      title: 'Termination',
      body: [
        'You may stop using Kickoff and delete your account at any time. We may suspend or end your access if you seriously or repeatedly break these terms, or if the law requires it.',
        'When an account ends, the sections on intellectual property, liability, indemnification and governing law continue to apply. What happens to your data is described in our Privacy Policy and Refund Policy.',
      ],
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      body: [
        `These terms are governed by the laws of ${GOVERNING_LAW}, United States, without regard to its conflict-of-law rules. Disputes will be resolved in the state or federal courts located in California, unless the law where you live gives you the right to bring them elsewhere.`,
      ],
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: [
        'We may update these terms. When a change is significant we will tell administrators by email or in the app at least 30 days before it takes effect. Continuing to use Kickoff after that date means you accept the new terms.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: ['Questions about these terms? Write to us at {email}.'],
    },
  ],
};

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  description: 'What personal information Kickoff collects, how it is used and protected, and the choices you have.',
  intro:
    'This policy explains what information Kickoff collects when you use our team-onboarding app, how we use it, and the rights you have. We collect only what we need to run onboarding for your company, and we never sell it.',
  sections: [
    {
      id: 'information-collected',
      title: 'Information we collect',
      body: [
        'We collect:',
        {
          list: [
            'Account information: your name, email address, password (stored only as a secure hash), role, and your company\u2019s name and address.',
            'Usage data: the templates, plans, tasks and messages you create, and when you complete tasks or sign in.',
            'Device data: browser and operating system type, IP address, and the data the installed app keeps on your device so it can work offline.',
            'Cookies: a session cookie that keeps you signed in (see the cookies section).',
            'Payment info: the plan you choose and the payment status we receive from PayHere. Card details are entered on PayHere\u2019s pages and never reach our servers.',
          ],
        },
      ],
    },
    {
      id: 'use',
      title: 'How we use your information',
      body: [
        'We use your information to provide the service (show plans, deliver messages, sync offline work), to send the emails the service needs (verification, invitations, password resets), to process subscriptions, to keep Kickoff secure, and to improve it. We do not use your content to advertise to you.',
      ],
    },
    {
      id: 'sharing',
      title: 'How we share information',
      body: [
        'We do not sell your personal information, and we do not share it for advertising. We share it only:',
        {
          list: [
            'within your company workspace, according to each person\u2019s role;',
            'with service providers that run parts of Kickoff for us (hosting, email delivery, payments), under contracts that protect it;',
            'when the law requires it, or to protect the rights and safety of our users.',
          ],
        },
      ],
    },
    {
      id: 'security',
      title: 'Data security',
      body: [
        'We protect your information with encryption in transit (HTTPS), hashed passwords, secure session cookies and access limited by company and role. No system is perfectly secure, but we review our safeguards regularly and will tell you promptly about any breach that affects you.',
      ],
    },
    {
      id: 'retention',
      title: 'Data retention',
      body: [
        'We keep your information for as long as your account is active. When an account or company is deleted, its data is removed from our active systems, and deleted records that were kept only to sync devices are cleared within 30 days. Backups and records we must keep by law (such as payment records) may be kept longer.',
      ],
    },
    {
      id: 'rights',
      title: 'Your rights',
      body: [
        'You can see and correct your account information in the app, and you can delete your own account. You may also ask us for a copy of your data, or ask us to correct, restrict or delete it, by writing to {email}. If your company manages your account, we may pass your request to its administrator.',
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: [
        'Kickoff uses one essential cookie to keep you signed in; it is secure and cannot be read by scripts. The installed app also stores your plan on your device so it works offline. We use no advertising or tracking cookies. The walkthrough video on our home page comes from our own servers and loads only after you press play.',
      ],
    },
    {
      id: 'third-parties',
      title: 'Third-party services',
      body: [
        'Payments are handled by PayHere, and videos your company adds to a plan play from their hosts (YouTube, Vimeo or Loom). Their own privacy policies apply to the information you give them. Links to resources your company adds to a plan may lead to other sites, which we do not control.',
      ],
    },
    {
      id: 'international-transfers',
      title: 'International data transfers',
      body: [
        'Your information may be processed in countries other than your own. Where that happens, we use safeguards such as standard contractual clauses so it keeps the same level of protection.',
      ],
    },
    {
      id: 'children',
      title: 'Children\u2019s privacy',
      body: [
        `Kickoff is a workplace tool. It is not directed to children, and we do not serve or knowingly collect information from children under ${MINIMUM_AGE}. If you believe a child under ${MINIMUM_AGE} has given us information, contact us and we will delete it.`,
      ],
    },
    {
      id: 'california',
      title: 'Your California privacy rights',
      body: [
        'If you live in California, the California Consumer Privacy Act gives you the right to know what personal information we collect and how we use it, to ask us to delete or correct it, and not to be treated differently for using these rights. We do not sell or share personal information as those terms are defined by California law.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: ['We may update this policy. We will post the new version here with a new date and, for significant changes, tell you by email or in the app.'],
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: ['Questions or requests about your privacy? Write to us at {email}.'],
    },
  ],
};

export const REFUND_POLICY: LegalDocument = {
  title: 'Refund Policy',
  description: `When Kickoff refunds a subscription: a full refund within ${R.fullRefundDays} days, how to ask, and how long it takes.`,
  intro: 'We want every company on a paid Kickoff plan to be glad it upgraded. This policy explains when we refund a subscription and how to ask for it.',
  sections: [
    {
      id: 'general',
      title: 'General',
      body: [
        `This policy applies to the paid ${paidPlans} plans bought through Kickoff. The ${PLAN_CATALOGUE.starter.name} plan is free, so there is nothing to refund. Refunds go back to the original payment method through PayHere.`,
      ],
    },
    {
      id: 'subscription-refunds',
      title: 'Subscription refunds',
      body: [
        `Full refund within ${R.fullRefundDays} days: if you are not satisfied, you can ask for a full refund within ${R.fullRefundDays} days of your first payment for a plan, monthly or yearly.`,
        `No refunds for monthly charges after the first ${R.fullRefundDays} days. A cancelled subscription stays active until the end of the period you paid for, and it does not renew.`,
      ],
    },
    {
      id: 'eligible-reasons',
      title: 'Eligible reasons',
      body: [
        'We grant a refund when you ask within the refund window and:',
        {
          list: [
            `the service was not extensively used, meaning your company created fewer than ${R.notExtensivelyUsedPlans} onboarding plans on the paid plan;`,
            'you were charged twice, or charged after cancelling;',
            'a fault on our side kept the paid features from working and we could not fix it within a reasonable time.',
          ],
        },
      ],
    },
    {
      id: 'non-refundable',
      title: 'Non-refundable cases',
      body: [
        'We do not refund:',
        {
          list: [
            `monthly charges after the first ${R.fullRefundDays} days;`,
            `plans that were extensively used (${R.notExtensivelyUsedPlans} or more onboarding plans created);`,
            'accounts suspended for breaking our Terms of Service;',
            'charges your bank or card issuer adds, such as currency conversion fees.',
          ],
        },
      ],
    },
    {
      id: 'how-to-request',
      title: 'How to request a refund',
      body: [
        'Email {email} from your company administrator\u2019s address with your company name, the date of the payment, its PayHere order number if you have it, and a short reason. That is all we need.',
      ],
    },
    {
      id: 'processing',
      title: 'Processing time',
      body: [
        {
          list: [
            `We reply within ${R.replyBusinessDays} business days.`,
            `We make a decision within ${R.decisionBusinessDays} business days.`,
            `An approved refund takes ${R.processingBusinessDays} business days to process, plus ${R.bankDays} bank days for your bank to show it.`,
          ],
        },
      ],
    },
    {
      id: 'partial-refunds',
      title: 'Partial refunds',
      body: [
        'Outside the full-refund window we may, at our discretion, refund part of a yearly plan, for example the unused months after a long service problem. A partial refund is offered in writing with the amount and how it was worked out.',
      ],
    },
    {
      id: 'chargebacks',
      title: 'Chargebacks',
      body: [
        'Please contact us before disputing a charge with your bank: we can usually fix things faster. While a chargeback is open, the paid features of the account may be paused. If it is decided in our favour, the account returns to its plan.',
      ],
    },
    {
      id: 'service-credits',
      title: 'Service credits',
      body: [
        `Instead of money, we may offer service credits towards future payments, for example after an outage. Service credits expire after ${R.serviceCreditMonths} months, cannot be exchanged for cash and cannot be transferred to another company.`,
      ],
    },
    {
      id: 'free-trial-promotions',
      title: 'Free trial and promotions',
      body: [
        `The ${PLAN_CATALOGUE.starter.name} plan lets you try Kickoff for free, for as long as you like, with up to ${PLAN_CATALOGUE.starter.limits.activeNewHires} active new hires. Discounted or promotional prices, including the ${YEARLY_DISCOUNT_PERCENT}% yearly discount, are refunded at the amount you actually paid.`,
      ],
    },
    {
      id: 'data-account-closure',
      title: 'Data and account closure',
      body: [
        `After a refund, the company returns to the ${PLAN_CATALOGUE.starter.name} plan. Your data export is available for ${R.dataExportDays} days after a refund. If you ask us to close the account, its data is deleted after ${R.deletionDays} days.`,
      ],
    },
    {
      id: 'policy-changes',
      title: 'Changes to this policy',
      body: ['We may update this policy. Changes do not apply to payments made before the change, which keep the policy in force when they were made.'],
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: ['Questions about a payment or refund? Write to us at {email}.'],
    },
    {
      id: 'legal-compliance',
      title: 'Legal compliance',
      body: ['This policy does not take away any rights you have under the consumer laws that apply to you. Where those laws give you more, they prevail.'],
    },
  ],
};
